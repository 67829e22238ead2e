//===- SpecTexture.cpp - Texture and surface object arguments ---------------===//
//
// A launch argument may pass a buffer as a texture or surface object:
//
//   {"texture": "img", "dims": [8, 4], "channels": 4, "format": "u8",
//    "filter": "linear", "address": ["wrap", "clamp"],
//    "normalized_coords": true, "read": "normalized_float"}
//   {"surface": "img", "dims": [8, 4], "channels": 1, "format": "f32"}
//
// dims are the extent in elements (1 to 3 of them, numbers or parameter
// expressions); channels (1, 2 or 4) and format (f32, f16, s32, u32, s16,
// u16, s8, u8; by default the buffer's element type) make an element. A
// texture's filter is point (default) or linear, its address mode (one
// for every dimension, or one per dimension) clamp (default), border,
// wrap or mirror (the last two with normalised coordinates only, as CUDA
// has them); read is element (default) or normalized_float (8/16-bit
// integer formats). What CUDA refuses (linear filtering of integers read
// as such) is refused here, in one line naming the field.
//
//===----------------------------------------------------------------------===//

#include "SpecJson.h"

#include "gevo/support/EnumNames.h"

#include <algorithm>

namespace gevo {
namespace {

constexpr EnumName<TextureSpec::Format> FormatNames[] = {
    {TextureSpec::F32, "f32"}, {TextureSpec::F16, "f16"},
    {TextureSpec::S32, "s32"}, {TextureSpec::U32, "u32"},
    {TextureSpec::S16, "s16"}, {TextureSpec::U16, "u16"},
    {TextureSpec::S8, "s8"},   {TextureSpec::U8, "u8"},
};
const char *const AddressNames[] = {"wrap", "clamp", "mirror", "border"};

const char *formatName(TextureSpec::Format F) { return nameOf(FormatNames, F); }

TextureSpec::Format parseFormat(const Field &F) {
  std::string Name = F.str();
  if (std::optional<TextureSpec::Format> Fmt = parseName(FormatNames, Name))
    return *Fmt;
  F.fail("unknown format '" + Name +
         "' (expected f32, f16, s32, u32, s16, u16, s8 or u8)");
}

/// The format a buffer's elements are, when "format" is not given.
TextureSpec::Format defaultFormat(const Field &F, const BufferSpec &B) {
  switch (B.Type) {
  case ElemType::F32:
    return TextureSpec::F32;
  case ElemType::I32:
    return TextureSpec::S32;
  case ElemType::U32:
    return TextureSpec::U32;
  case ElemType::I8:
    return TextureSpec::S8;
  case ElemType::U8:
    return TextureSpec::U8;
  default:
    F.fail("buffer '" + B.Name + "' holds " + elemTypeName(B.Type) +
           ", no texel format: give \"format\"");
  }
}

TextureSpec::Address parseAddress(const Field &F) {
  std::string Name = F.str();
  for (unsigned I = 0; I < 4; ++I)
    if (Name == AddressNames[I])
      return TextureSpec::Address(I);
  F.fail("unknown address mode '" + Name +
         "' (expected clamp, border, wrap or mirror)");
}

bool parseBool(const Field &F) {
  if (!F.J.is_boolean())
    F.fail("expected true or false");
  return F.J.get<bool>();
}

/// "address": one mode for every dimension, or one per dimension.
void parseAddresses(const Field &F, TextureSpec &T) {
  if (!F.J.is_array()) {
    std::fill(std::begin(T.Addr), std::end(T.Addr), parseAddress(F));
  } else {
    if (F.size() != T.Dims)
      F.fail("expected one address mode, or " + std::to_string(T.Dims) +
             " (one per dimension)");
    for (unsigned I = 0; I < T.Dims; ++I)
      T.Addr[I] = parseAddress(F.child(I));
  }
  for (unsigned I = 0; I < T.Dims; ++I)
    if (!T.NormalizedCoords && (T.Addr[I] == TextureSpec::Wrap ||
                                T.Addr[I] == TextureSpec::Mirror))
      F.fail(std::string("address mode '") + AddressNames[T.Addr[I]] +
             "' needs \"normalized_coords\": true (as in CUDA)");
}

} // namespace

size_t TextureSpec::formatBytes(Format F) {
  switch (F) {
  case F32:
  case S32:
  case U32:
    return 4;
  case F16:
  case S16:
  case U16:
    return 2;
  default:
    return 1;
  }
}

std::string TextureSpec::str() const {
  std::string S = Surface ? "surface " : "texture ";
  S += std::to_string(Dims) + "d ";
  for (unsigned I = 0; I < Dims; ++I)
    S += (I ? "x" : "") + std::to_string(Extent[I]);
  S += std::string(" ") + formatName(Fmt) + "x" + std::to_string(Channels);
  if (Surface)
    return S;
  S += Filt == Linear ? " linear" : " point";
  for (unsigned I = 0; I < Dims; ++I)
    S += std::string(I ? "," : " ") + AddressNames[Addr[I]];
  if (NormalizedCoords)
    S += " normalized_coords";
  if (NormalizedFloat)
    S += " normalized_float";
  return S;
}

ArgSpec parseTextureArg(const Field &F, const Scope &S) {
  ArgSpec A;
  A.K = ArgSpec::Texture;
  TextureSpec &T = A.Tex;
  T.Surface = F.has("surface");
  if (T.Surface)
    F.allowOnly({"surface", "dims", "channels", "format"});
  else
    F.allowOnly({"texture", "dims", "channels", "format", "filter", "address",
                 "normalized_coords", "read"});
  const BufferSpec &B = S.buffer(F.at(T.Surface ? "surface" : "texture"));
  A.Name = B.Name;
  Field Dims = F.at("dims");
  T.Dims = Dims.J.is_array() ? unsigned(Dims.size()) : 1;
  if (T.Dims < 1 || T.Dims > 3)
    Dims.fail("expected 1 to 3 dimensions");
  for (unsigned I = 0; I < T.Dims; ++I) {
    Field D = Dims.J.is_array() ? Dims.child(I) : Dims;
    T.Extent[I] = paramCount(D, S.P);
    if (T.Extent[I] < 1 || T.Extent[I] > (1u << 16))
      D.fail("a dimension must be between 1 and 65536");
  }
  if (F.has("channels")) {
    T.Channels = unsigned(F.at("channels").count());
    if (T.Channels != 1 && T.Channels != 2 && T.Channels != 4)
      F.at("channels").fail("expected 1, 2 or 4 channels");
  }
  T.Fmt = F.has("format") ? parseFormat(F.at("format")) : defaultFormat(F, B);
  uint64_t Need = T.elements() * T.elementBytes();
  uint64_t Have = B.Count * elemSize(B.Type);
  if (Need > Have)
    Dims.fail("buffer '" + B.Name + "' holds " + std::to_string(Have) +
              " bytes, the " + (T.Surface ? "surface" : "texture") +
              " needs " + std::to_string(Need));
  if (T.Surface)
    return A;
  if (F.has("normalized_coords"))
    T.NormalizedCoords = parseBool(F.at("normalized_coords"));
  if (F.has("read")) {
    std::string Read = F.at("read").str();
    if (Read != "element" && Read != "normalized_float")
      F.at("read").fail("expected element or normalized_float, not '" + Read +
                        "'");
    T.NormalizedFloat = Read == "normalized_float";
    if (T.NormalizedFloat && (T.Fmt == TextureSpec::F32 ||
                              T.Fmt == TextureSpec::F16 ||
                              T.Fmt == TextureSpec::S32 ||
                              T.Fmt == TextureSpec::U32))
      F.at("read").fail(std::string("normalized_float reads 8- and 16-bit "
                                    "integer formats, not ") +
                        formatName(T.Fmt));
  }
  if (F.has("filter")) {
    std::string Filter = F.at("filter").str();
    if (Filter != "point" && Filter != "linear")
      F.at("filter").fail("expected point or linear, not '" + Filter + "'");
    T.Filt = Filter == "linear" ? TextureSpec::Linear : TextureSpec::Point;
    if (T.Filt == TextureSpec::Linear && !T.returnsFloat())
      F.at("filter").fail("linear filtering needs float results: a float "
                          "format or \"read\": \"normalized_float\"");
  }
  if (F.has("address"))
    parseAddresses(F.at("address"), T);
  return A;
}

} // namespace gevo
