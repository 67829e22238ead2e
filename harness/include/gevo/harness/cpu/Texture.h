//===- Texture.h - Texture and surface objects on the cpu target -*- C++ -*-===//
//
// A texture or surface object is a TextureSpec over a device buffer. The
// table of live objects is process-wide, like the device memory: a handle
// (what a cudaTextureObject_t or cudaSurfaceObject_t argument passes) is an
// opaque number the runtime looks up and validates, so a mutant's garbage
// handle is a clean fault. The sampling arithmetic is here as pure
// functions (TextureSample.cpp), for the runtime (TextureRuntime.cpp) and
// the unit tests.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_TEXTURE_H
#define GEVO_HARNESS_CPU_TEXTURE_H

#include "gevo/harness/Spec.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace gevo::cpu {

/// A live object: its description and its buffer's bytes.
struct TextureObject {
  TextureSpec Spec;
  char *Data = nullptr;
};

/// Registers an object over \p Data (which holds at least
/// T.elements() * T.elementBytes() bytes); its handle.
uint64_t createTextureObject(const TextureSpec &T, char *Data);
/// Forgets the object \p Handle; an error for one that is not live.
llvm::Error destroyTextureObject(uint64_t Handle);
/// The live object \p Handle names, if any.
std::optional<TextureObject> findTextureObject(uint64_t Handle);

/// What a tex or tld4 instruction asks (PtxTexture.cpp packs it in an
/// i32: bits 0-1 Dims, bit 2 IntCoords, bits 4-6 Gather + 1).
struct TexQuery {
  unsigned Dims = 1;      ///< coordinates given: 1 to 3
  bool IntCoords = false; ///< s32 texel indices (tex1Dfetch), else f32
  int Gather = -1;        ///< tld4: the channel 0 to 3, else -1

  uint32_t pack() const {
    return Dims | unsigned(IntCoords) << 2 | unsigned(Gather + 1) << 4;
  }
  static TexQuery unpack(uint32_t Bits) {
    return {Bits & 3, bool(Bits & 4), int((Bits >> 4) & 7) - 1};
  }
};

/// Reads element \p Index (linear, x fastest) of the object's buffer: its
/// bytes, or false when the runtime refuses the read (it recorded why).
using TexelRead = llvm::function_ref<bool(uint64_t Index, const char *&Bytes)>;

/// The four 32-bit words of a fetch from \p T at \p Coords (f32 or s32
/// bits as \p Q says): float bits when T returns floats, else integers
/// (8/16-bit ones sign- or zero-extended); channels T lacks read 0. Point
/// sampling reads the texel holding the (addressed) coordinate; linear
/// filtering weighs the two (four, eight) nearest texels with weights
/// rounded to 1/256, as CUDA's programming guide documents; s32
/// coordinates read that texel, 0 outside the texture; tld4 returns
/// channel Q.Gather of the bilinear footprint's texels (i,j+1), (i+1,j+1),
/// (i+1,j), (i,j). False when \p Read refused a texel.
bool textureFetch(const TextureSpec &T, const TexQuery &Q,
                  const uint32_t Coords[3], uint32_t Out[4], TexelRead Read);

/// The texel index of float coordinate \p X on an axis of \p N texels,
/// point sampled with address mode \p A; -1 outside (border).
int64_t pointIndex(float X, uint64_t N, TextureSpec::Address A,
                   bool Normalized);
/// Linear filtering on one axis: the two texels (-1: border) and the
/// second's weight, in 1/256 steps (0 to 256).
struct LinearTaps {
  int64_t I0, I1;
  unsigned Weight256;
};
LinearTaps linearTaps(float X, uint64_t N, TextureSpec::Address A,
                      bool Normalized);
/// A half's bits as a float.
float halfToFloat(uint16_t H);

/// A surface access (suld.b/sust.b), as PtxTexture.cpp packs it: bits 0-1
/// Dims, bit 2 a write, bits 4-5 log2 of a vector element's bytes, bits
/// 8-9 log2 of the vector's length, bits 12-13 the boundary mode.
enum class SurfaceBoundary : unsigned { Trap, Clamp, Zero };
struct SurfQuery {
  unsigned Dims = 1;
  bool Write = false;
  unsigned ElemLog2 = 2, VecLog2 = 0;
  SurfaceBoundary Mode = SurfaceBoundary::Trap;

  unsigned bytes() const { return 1u << (ElemLog2 + VecLog2); }
  uint32_t pack() const {
    return Dims | unsigned(Write) << 2 | ElemLog2 << 4 | VecLog2 << 8 |
           unsigned(Mode) << 12;
  }
  static SurfQuery unpack(uint32_t Bits) {
    return {Bits & 3, bool(Bits & 4), (Bits >> 4) & 3, (Bits >> 8) & 3,
            SurfaceBoundary((Bits >> 12) & 3)};
  }
};

/// Where a surface access of \p Q at byte x, row y, slice z lands: the byte
/// offset in the buffer, or none when it lies outside (trap: a fault;
/// zero: a read of zeros, a dropped write). Clamp moves it to the nearest
/// location inside.
std::optional<uint64_t> surfaceOffset(const TextureSpec &T, const SurfQuery &Q,
                                      int32_t X, int32_t Y, int32_t Z);

} // namespace gevo::cpu

#endif
