//===- TextureSample.cpp - Texture objects: table, sampling, surfaces ------===//
//
// The process-wide table of texture and surface objects, and the
// arithmetic of a fetch as CUDA's programming guide documents it (the
// texture fetching appendix):
//
// - normalised coordinates are first addressed on [0, 1) (wrap: the
//   fraction; mirror: the fraction, reflected on odd periods; clamp and
//   border as below), then scaled by the axis's texel count;
// - point sampling reads texel floor(x): clamp keeps it inside, border
//   reads 0 outside;
// - linear filtering reads texels i = floor(x - 0.5) and i + 1 with the
//   weight alpha = frac(x - 0.5) in 9-bit fixed point with 8 fractional
//   bits (rounded to the nearest 1/256 here), addressing each texel index
//   (wrap modulo N, mirror with period 2N, clamp into [0, N), border 0);
//   two and three dimensions weigh the products of each axis's weights;
// - 8- and 16-bit integers read as normalised floats are v / 255 (u8),
//   max(v / 127, -1) (s8), v / 65535 and max(v / 32767, -1).
//
// A coordinate that is NaN reads as 0, as does an infinite one wrapped or
// mirrored.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/cpu/Texture.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <vector>

namespace gevo::cpu {
namespace {

/// A handle: this tag, the slot's generation (bits 32-51) and index + 1.
constexpr uint64_t HandleTag = uint64_t(0x7e5) << 52;

struct Slot {
  TextureObject Obj;
  uint32_t Gen = 0;
  bool Live = false;
};

struct Table {
  std::shared_mutex Lock;
  std::vector<Slot> Slots;
  static Table &get() {
    static Table T;
    return T;
  }
};

std::optional<size_t> slotOf(const Table &T, uint64_t Handle) {
  uint64_t Index = (Handle & 0xffffffff) - 1;
  if ((Handle & ~((uint64_t(1) << 52) - 1)) != HandleTag ||
      Index >= T.Slots.size())
    return std::nullopt;
  const Slot &S = T.Slots[Index];
  if (!S.Live || S.Gen != ((Handle >> 32) & 0xfffff))
    return std::nullopt;
  return Index;
}

/// X's floor as an integer, saturated far outside any texture (NaN: 0).
int64_t floorIndex(double X) {
  if (!(X == X))
    return 0;
  return int64_t(std::clamp(std::floor(X), -double(1 << 30), double(1 << 30)));
}

/// Normalised coordinate \p X addressed by \p A on [0, 1) (wrap) or
/// [0, 2) (mirror, whose second half the texel indices reflect), in
/// texel units of an axis of \p N texels.
double scaled(float X, uint64_t N, TextureSpec::Address A, bool Normalized) {
  double V = X;
  if (!Normalized)
    return V;
  if (!std::isfinite(V)) // past an edge; NaN, and infinities wrapped: 0
    return std::isinf(V) && A != TextureSpec::Wrap && A != TextureSpec::Mirror
               ? (V < 0 ? -1 : double(N) + 1)
               : 0;
  if (A == TextureSpec::Wrap)
    V -= std::floor(V);
  else if (A == TextureSpec::Mirror)
    V -= 2 * std::floor(V / 2);
  return V * double(N);
}

/// Texel index \p I of an axis of \p N addressed by \p A; -1: border.
int64_t addressIndex(int64_t I, uint64_t N, TextureSpec::Address A,
                     bool Normalized) {
  int64_t Size = int64_t(N);
  if (Normalized && A == TextureSpec::Wrap)
    return ((I % Size) + Size) % Size;
  if (Normalized && A == TextureSpec::Mirror) {
    int64_t J = ((I % (2 * Size)) + 2 * Size) % (2 * Size);
    return J < Size ? J : 2 * Size - 1 - J;
  }
  if (A == TextureSpec::Border && (I < 0 || I >= Size))
    return -1;
  return std::clamp<int64_t>(I, 0, Size - 1);
}

/// Channel \p C of the element at \p P as a float (float results).
float channelFloat(const TextureSpec &T, const char *P, unsigned C) {
  P += C * TextureSpec::formatBytes(T.Fmt);
  auto Load = [&](auto V) {
    std::memcpy(&V, P, sizeof(V));
    return V;
  };
  switch (T.Fmt) {
  case TextureSpec::F32:
    return Load(float());
  case TextureSpec::F16:
    return halfToFloat(Load(uint16_t()));
  case TextureSpec::U8:
    return float(Load(uint8_t())) / 255.0f;
  case TextureSpec::S8:
    return std::max(float(Load(int8_t())) / 127.0f, -1.0f);
  case TextureSpec::U16:
    return float(Load(uint16_t())) / 65535.0f;
  case TextureSpec::S16:
    return std::max(float(Load(int16_t())) / 32767.0f, -1.0f);
  default: // 32-bit integers never return floats
    return 0;
  }
}

/// Channel \p C of the element at \p P as the word a fetch returns.
uint32_t channelWord(const TextureSpec &T, const char *P, unsigned C) {
  if (T.returnsFloat()) {
    return llvm::bit_cast<uint32_t>(channelFloat(T, P, C));
  }
  P += C * TextureSpec::formatBytes(T.Fmt);
  auto Load = [&](auto V) {
    std::memcpy(&V, P, sizeof(V));
    return uint32_t(int32_t(V)); // sign- or zero-extended by V's type
  };
  switch (T.Fmt) {
  case TextureSpec::S8:
    return Load(int8_t());
  case TextureSpec::U8:
    return Load(uint8_t());
  case TextureSpec::S16:
    return Load(int16_t());
  case TextureSpec::U16:
    return Load(uint16_t());
  default:
    return Load(uint32_t());
  }
}

/// Reads element (I[0], I[1], I[2]) into Out (its channels, 0 beyond);
/// an index of -1 (border) reads zeros.
bool element(const TextureSpec &T, const int64_t I[3], TexelRead Read,
             uint32_t Out[4]) {
  std::fill_n(Out, 4, 0);
  if (I[0] < 0 || I[1] < 0 || I[2] < 0)
    return true;
  uint64_t Index = uint64_t(I[0]) + T.Extent[0] * (uint64_t(I[1]) +
                                                    T.Extent[1] * uint64_t(I[2]));
  const char *P;
  if (!Read(Index, P))
    return false;
  for (unsigned C = 0; C < T.Channels; ++C)
    Out[C] = channelWord(T, P, C);
  return true;
}

float asFloat(uint32_t W) { return llvm::bit_cast<float>(W); }

} // namespace

uint64_t createTextureObject(const TextureSpec &T, char *Data) {
  Table &Tab = Table::get();
  std::unique_lock Guard(Tab.Lock);
  auto It = std::find_if(Tab.Slots.begin(), Tab.Slots.end(),
                         [](const Slot &S) { return !S.Live; });
  if (It == Tab.Slots.end())
    It = Tab.Slots.insert(It, Slot());
  It->Obj = {T, Data};
  It->Gen = (It->Gen + 1) & 0xfffff;
  It->Live = true;
  return HandleTag | uint64_t(It->Gen) << 32 |
         uint64_t(It - Tab.Slots.begin() + 1);
}

llvm::Error destroyTextureObject(uint64_t Handle) {
  Table &Tab = Table::get();
  std::unique_lock Guard(Tab.Lock);
  std::optional<size_t> I = slotOf(Tab, Handle);
  if (!I)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no live texture or surface object %#llx",
                                   (unsigned long long)Handle);
  Tab.Slots[*I].Live = false;
  return llvm::Error::success();
}

std::optional<TextureObject> findTextureObject(uint64_t Handle) {
  Table &Tab = Table::get();
  std::shared_lock Guard(Tab.Lock);
  std::optional<size_t> I = slotOf(Tab, Handle);
  if (!I)
    return std::nullopt;
  return Tab.Slots[*I].Obj;
}

float halfToFloat(uint16_t H) {
  int Exp = (H >> 10) & 31;
  float Mant = float(H & 1023);
  float V = Exp == 0    ? std::ldexp(Mant, -24)
            : Exp == 31 ? (Mant ? NAN : INFINITY)
                        : std::ldexp(1024 + Mant, Exp - 25);
  return H & 0x8000 ? -V : V;
}

int64_t pointIndex(float X, uint64_t N, TextureSpec::Address A,
                   bool Normalized) {
  double V = scaled(X, N, A, Normalized);
  int64_t I = floorIndex(V);
  if (Normalized && A == TextureSpec::Mirror && I >= int64_t(N)) {
    // The reflected half: coordinate 2N - V, whose texel is floor of it.
    double R = 2 * double(N) - V;
    I = floorIndex(R);
  }
  return addressIndex(I, N, A, Normalized);
}

LinearTaps linearTaps(float X, uint64_t N, TextureSpec::Address A,
                      bool Normalized) {
  double V = scaled(X, N, A, Normalized) - 0.5;
  int64_t I = floorIndex(V);
  double Frac = std::isfinite(V) ? V - std::floor(V) : 0;
  auto W = unsigned(std::floor(Frac * 256 + 0.5));
  return {addressIndex(I, N, A, Normalized),
          addressIndex(I + 1, N, A, Normalized), W};
}

bool textureFetch(const TextureSpec &T, const TexQuery &Q,
                  const uint32_t Coords[3], uint32_t Out[4], TexelRead Read) {
  std::fill_n(Out, 4, 0);
  int64_t I[3] = {0, 0, 0};
  if (Q.IntCoords) { // a texel index: point sampled, 0 outside
    for (unsigned D = 0; D < Q.Dims; ++D) {
      I[D] = int32_t(Coords[D]);
      if (I[D] < 0 || uint64_t(I[D]) >= T.Extent[D])
        return true;
    }
    return element(T, I, Read, Out);
  }
  bool Norm = T.NormalizedCoords;
  if (T.Filt == TextureSpec::Point && Q.Gather < 0) {
    for (unsigned D = 0; D < Q.Dims; ++D)
      I[D] = pointIndex(asFloat(Coords[D]), T.Extent[D], T.Addr[D], Norm);
    return element(T, I, Read, Out);
  }
  LinearTaps Taps[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (unsigned D = 0; D < Q.Dims; ++D)
    Taps[D] = linearTaps(asFloat(Coords[D]), T.Extent[D], T.Addr[D], Norm);
  if (Q.Gather >= 0) { // (i,j+1), (i+1,j+1), (i+1,j), (i,j)
    static const unsigned Corner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    for (unsigned K = 0; K < 4; ++K) {
      int64_t At[3] = {Corner[K][0] ? Taps[0].I1 : Taps[0].I0,
                       Corner[K][1] ? Taps[1].I1 : Taps[1].I0, 0};
      uint32_t Texel[4];
      if (!element(T, At, Read, Texel))
        return false;
      Out[K] = Texel[Q.Gather];
    }
    return true;
  }
  // The 2, 4 or 8 texels, each weighed by the product of its axes' weights.
  float Sum[4] = {0, 0, 0, 0};
  for (unsigned Corner = 0; Corner < (1u << Q.Dims); ++Corner) {
    float Weight = 1;
    int64_t At[3] = {0, 0, 0};
    for (unsigned D = 0; D < Q.Dims; ++D) {
      bool Second = Corner >> D & 1;
      At[D] = Second ? Taps[D].I1 : Taps[D].I0;
      Weight *= float(Second ? Taps[D].Weight256 : 256 - Taps[D].Weight256) /
                256.0f;
    }
    if (Weight == 0)
      continue;
    uint32_t Texel[4];
    if (!element(T, At, Read, Texel))
      return false;
    for (unsigned C = 0; C < 4; ++C)
      Sum[C] += Weight * asFloat(Texel[C]);
  }
  std::memcpy(Out, Sum, sizeof(Sum));
  return true;
}

std::optional<uint64_t> surfaceOffset(const TextureSpec &T, const SurfQuery &Q,
                                      int32_t X, int32_t Y, int32_t Z) {
  int64_t Row = int64_t(T.Extent[0] * T.elementBytes());
  int64_t At[3] = {X, Y, Z};
  int64_t Hi[3] = {Row - Q.bytes(), int64_t(T.Extent[1]) - 1,
                   int64_t(T.Extent[2]) - 1};
  for (unsigned D = Q.Dims; D < 3; ++D)
    At[D] = 0;
  for (unsigned D = 0; D < 3; ++D) {
    if (At[D] >= 0 && At[D] <= Hi[D])
      continue;
    if (Q.Mode != SurfaceBoundary::Clamp || Hi[D] < 0)
      return std::nullopt;
    At[D] = std::clamp<int64_t>(At[D], 0, Hi[D]);
    if (D == 0) // the nearest whole access
      At[0] -= At[0] % Q.bytes();
  }
  return uint64_t(At[0] + Row * (At[1] + int64_t(T.Extent[1]) * At[2]));
}

} // namespace gevo::cpu
