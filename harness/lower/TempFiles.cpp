//===- TempFiles.cpp - Running an offline tool on temporary files ---------===//

#include "TempFiles.h"
#include "Backend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gevo {

Error writeTemporary(StringRef Suffix, StringRef Text, SmallString<128> &Path) {
  int FD;
  if (std::error_code EC = sys::fs::createTemporaryFile("gevo", Suffix, FD, Path))
    return lowerFailure("cannot create a temporary file: " + EC.message());
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  OS.close();
  if (OS.has_error())
    return lowerFailure("cannot write " + Path + ": " + OS.error().message());
  return Error::success();
}

std::string firstLines(StringRef Log, unsigned Lines, StringRef Temp,
                       StringRef Stable) {
  SmallVector<StringRef, 8> Split;
  Log.trim().split(Split, '\n', Lines);
  if (Split.size() > Lines)
    Split.pop_back(); // The unsplit rest.
  std::string Text = join(Split, "\n");
  for (size_t At; (At = Text.find(Temp.str())) != std::string::npos;)
    Text.replace(At, Temp.size(), Stable.str());
  return Text;
}

} // namespace gevo
