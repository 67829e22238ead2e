# cmake -DIN=file -DOUT=file.inc -P Embed.cmake: IN's bytes as a C array.
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE ${OUT} "// Generated from ${IN} by Embed.cmake.\nstatic const unsigned char NvMathBitcode[] = {\n${bytes}};\n")
