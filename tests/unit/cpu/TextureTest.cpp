//===- TextureTest.cpp - Texture sampling arithmetic, by hand ---------------===//
//
// The cpu target's texture and surface arithmetic (Texture.h) against
// values computed by hand from CUDA's documented semantics: address modes,
// point sampling, linear weights in 1/256 steps, formats and read modes,
// gathers, surface boundary modes; and the handle table.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/cpu/Texture.h"

#include "llvm/ADT/bit.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace gevo;
using namespace gevo::cpu;

namespace {

using A = TextureSpec::Address;

uint32_t bits(float F) { return llvm::bit_cast<uint32_t>(F); }
float asFloat(uint32_t W) { return llvm::bit_cast<float>(W); }

/// Fetches from T over Data (no checks).
std::vector<uint32_t> fetch(const TextureSpec &T, const std::vector<char> &Data,
                            TexQuery Q, std::vector<uint32_t> C) {
  C.resize(3);
  uint32_t Out[4];
  auto Read = [&](uint64_t Index, const char *&P) {
    EXPECT_LT(Index, T.elements());
    P = Data.data() + Index * T.elementBytes();
    return true;
  };
  EXPECT_TRUE(textureFetch(T, Q, C.data(), Out, Read));
  return {Out, Out + 4};
}

template <class E> std::vector<char> bytesOf(const std::vector<E> &V) {
  std::vector<char> B(V.size() * sizeof(E));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}

/// A 4 x 2 float texture with T(x, y) = 10 x + 100 y.
TextureSpec grid(TextureSpec::Filter F, A Mode = TextureSpec::Clamp) {
  TextureSpec T;
  T.Dims = 2;
  T.Extent[0] = 4;
  T.Extent[1] = 2;
  T.Filt = F;
  T.Addr[0] = T.Addr[1] = Mode;
  return T;
}
std::vector<char> gridData() {
  std::vector<float> V;
  for (int Y = 0; Y < 2; ++Y)
    for (int X = 0; X < 4; ++X)
      V.push_back(10.0f * X + 100.0f * Y);
  return bytesOf(V);
}

TEST(TextureTest, PointAddressModes) {
  EXPECT_EQ(pointIndex(-0.5f, 4, TextureSpec::Clamp, false), 0);
  EXPECT_EQ(pointIndex(2.5f, 4, TextureSpec::Clamp, false), 2);
  EXPECT_EQ(pointIndex(3.99f, 4, TextureSpec::Clamp, false), 3);
  EXPECT_EQ(pointIndex(4.0f, 4, TextureSpec::Clamp, false), 3);
  EXPECT_EQ(pointIndex(-0.5f, 4, TextureSpec::Border, false), -1);
  EXPECT_EQ(pointIndex(4.0f, 4, TextureSpec::Border, false), -1);
  EXPECT_EQ(pointIndex(3.99f, 4, TextureSpec::Border, false), 3);
  // Normalised: clamp keeps [0, 1) inside, 1 is the last texel.
  EXPECT_EQ(pointIndex(1.0f, 4, TextureSpec::Clamp, true), 3);
  EXPECT_EQ(pointIndex(-0.1f, 4, TextureSpec::Clamp, true), 0);
  EXPECT_EQ(pointIndex(0.5f, 4, TextureSpec::Border, true), 2);
  EXPECT_EQ(pointIndex(1.0f, 4, TextureSpec::Border, true), -1);
  // Wrap: frac(1.125) = 0.125 -> 0.5 -> 0; frac(-0.125) = 0.875 -> 3.
  EXPECT_EQ(pointIndex(1.125f, 4, TextureSpec::Wrap, true), 0);
  EXPECT_EQ(pointIndex(-0.125f, 4, TextureSpec::Wrap, true), 3);
  // Mirror: floor(1.25) odd -> 1 - 0.25 = 0.75 -> texel 3; 1.375 -> 0.625
  // -> 2; -0.25: floor -1 odd -> 0.25 -> 1; 0.375 (even) -> 1.
  EXPECT_EQ(pointIndex(1.25f, 4, TextureSpec::Mirror, true), 3);
  EXPECT_EQ(pointIndex(1.375f, 4, TextureSpec::Mirror, true), 2);
  EXPECT_EQ(pointIndex(-0.25f, 4, TextureSpec::Mirror, true), 1);
  EXPECT_EQ(pointIndex(0.375f, 4, TextureSpec::Mirror, true), 1);
  // NaN reads as 0, as does an infinity wrapped; others lie past an edge.
  EXPECT_EQ(pointIndex(NAN, 4, TextureSpec::Clamp, false), 0);
  EXPECT_EQ(pointIndex(INFINITY, 4, TextureSpec::Clamp, true), 3);
  EXPECT_EQ(pointIndex(-INFINITY, 4, TextureSpec::Wrap, true), 0);
  EXPECT_EQ(pointIndex(INFINITY, 4, TextureSpec::Border, false), -1);
}

TEST(TextureTest, LinearTapsAndWeights) {
  struct Case {
    float X;
    A Mode;
    bool Normalized;
    int I0, I1;
    unsigned Weight256;
  } Cases[] = {
      // 1.75 - 0.5 = 1.25: texels 1 and 2, the second weighed 0.25 = 64/256.
      {1.75f, TextureSpec::Clamp, false, 1, 2, 64},
      // 0.25 - 0.5 = -0.25: texels -1 and 0, weight 0.75 = 192/256.
      {0.25f, TextureSpec::Clamp, false, 0, 0, 192},
      {0.25f, TextureSpec::Border, false, -1, 0, 192},
      // Wrap, normalised: 0.0625 * 4 - 0.5 = -0.25: texels 3 and 0.
      {0.0625f, TextureSpec::Wrap, true, 3, 0, 192},
      // Mirror, normalised: 1.0625 * 4 - 0.5 = 3.75: texels 3 and 4 -> 3 (the
      // reflection of 4 about the edge).
      {1.0625f, TextureSpec::Mirror, true, 3, 3, 192},
  };
  for (const Case &C : Cases) {
    LinearTaps T = linearTaps(C.X, 4, C.Mode, C.Normalized);
    EXPECT_EQ(T.I0, C.I0) << C.X;
    EXPECT_EQ(T.I1, C.I1) << C.X;
    EXPECT_EQ(T.Weight256, C.Weight256) << C.X;
  }
  // The weight is rounded to 1/256: frac(1.3) * 256 = 76.8 -> 77.
  EXPECT_EQ(linearTaps(1.8f, 4, TextureSpec::Clamp, false).Weight256, 77u);
  // 255.6/256 rounds up to a whole texel: weight 256 (9 bits).
  EXPECT_EQ(linearTaps(0.5f + 255.6f / 256, 4, TextureSpec::Clamp, false)
                .Weight256,
            256u);
}

TEST(TextureTest, Point2D) {
  auto Out = fetch(grid(TextureSpec::Point), gridData(), {2, false, -1},
                   {bits(2.5f), bits(1.2f)});
  EXPECT_EQ(asFloat(Out[0]), 120.0f);
  EXPECT_EQ(Out[1], 0u); // channels the texture lacks read 0
  Out = fetch(grid(TextureSpec::Point, TextureSpec::Border), gridData(),
              {2, false, -1}, {bits(2.5f), bits(2.0f)});
  EXPECT_EQ(asFloat(Out[0]), 0.0f);
}

TEST(TextureTest, Bilinear) {
  // (1.75, 0.75): x texels 1, 2 (0.25), y texels 0, 1 (0.25):
  // 0.5625 * 10 + 0.1875 * 20 + 0.1875 * 110 + 0.0625 * 120 = 37.5.
  auto Out = fetch(grid(TextureSpec::Linear), gridData(), {2, false, -1},
                   {bits(1.75f), bits(0.75f)});
  EXPECT_EQ(asFloat(Out[0]), 37.5f);
  // Border below the corner (0, 0): texel (0, 0) holds 0.
  Out = fetch(grid(TextureSpec::Linear, TextureSpec::Border), gridData(),
              {2, false, -1}, {bits(0.25f), bits(0.25f)});
  EXPECT_EQ(asFloat(Out[0]), 0.0f);
  Out = fetch(grid(TextureSpec::Linear, TextureSpec::Border), gridData(),
              {2, false, -1}, {bits(3.75f), bits(1.25f)});
  // (3.75, 1.25): x texels 3 and 4 (border, 0.25), y 0 (0.25) and 1:
  // only (3, 0) and (3, 1) weigh in.
  EXPECT_EQ(asFloat(Out[0]), 0.75f * 0.25f * 30.0f + 0.75f * 0.75f * 130.0f);
}

TEST(TextureTest, Gather) {
  // The footprint of (1.75, 0.75): (1,1), (2,1), (2,0), (1,0).
  auto Out = fetch(grid(TextureSpec::Point), gridData(), {2, false, 0},
                   {bits(1.75f), bits(0.75f)});
  EXPECT_EQ(asFloat(Out[0]), 110.0f);
  EXPECT_EQ(asFloat(Out[1]), 120.0f);
  EXPECT_EQ(asFloat(Out[2]), 20.0f);
  EXPECT_EQ(asFloat(Out[3]), 10.0f);
}

TEST(TextureTest, IntegerCoordinates) {
  TextureSpec T;
  T.Extent[0] = 4;
  T.Fmt = TextureSpec::S32;
  auto Data = bytesOf(std::vector<int32_t>{7, -8, 9, 10});
  EXPECT_EQ(fetch(T, Data, {1, true, -1}, {1})[0], uint32_t(-8));
  EXPECT_EQ(fetch(T, Data, {1, true, -1}, {4})[0], 0u);          // outside
  EXPECT_EQ(fetch(T, Data, {1, true, -1}, {uint32_t(-1)})[0], 0u); // outside
}

TEST(TextureTest, FormatsAndReadModes) {
  TextureSpec T;
  T.Extent[0] = 1;
  T.Channels = 4;
  T.Fmt = TextureSpec::U8;
  auto Data = bytesOf(std::vector<uint8_t>{255, 0, 51, 128});
  auto Out = fetch(T, Data, {1, true, -1}, {0});
  EXPECT_EQ(Out, (std::vector<uint32_t>{255, 0, 51, 128}));
  T.NormalizedFloat = true;
  Out = fetch(T, Data, {1, true, -1}, {0});
  EXPECT_EQ(asFloat(Out[0]), 1.0f);
  EXPECT_EQ(asFloat(Out[2]), 51.0f / 255.0f);
  T.Fmt = TextureSpec::S8; // 0xff = -1, 0x80 = -128 -> -1 (clamped)
  Out = fetch(T, Data, {1, true, -1}, {0});
  EXPECT_EQ(asFloat(Out[0]), -1.0f / 127.0f);
  EXPECT_EQ(asFloat(Out[3]), -1.0f);
  T.NormalizedFloat = false; // element type: sign-extended
  Out = fetch(T, Data, {1, true, -1}, {0});
  EXPECT_EQ(Out[0], 0xffffffffu);
  EXPECT_EQ(Out[3], uint32_t(-128));
  T.Channels = 2;
  T.Fmt = TextureSpec::U16; // 0x00ff, 0x8033
  T.NormalizedFloat = true;
  Out = fetch(T, Data, {1, true, -1}, {0});
  EXPECT_EQ(asFloat(Out[0]), 255.0f / 65535.0f);
  EXPECT_EQ(asFloat(Out[1]), float(0x8033) / 65535.0f);
  T.Fmt = TextureSpec::F16; // 0x3c00 = 1, 0xc000 = -2
  T.NormalizedFloat = false;
  Out = fetch(T, bytesOf(std::vector<uint16_t>{0x3c00, 0xc000}),
              {1, true, -1}, {0});
  EXPECT_EQ(asFloat(Out[0]), 1.0f);
  EXPECT_EQ(asFloat(Out[1]), -2.0f);
  EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_TRUE(std::isinf(halfToFloat(0x7c00)));
}

TEST(TextureTest, SurfaceBoundaries) {
  TextureSpec T; // 4 x 3 elements of 4 bytes: rows of 16 bytes
  T.Surface = true;
  T.Dims = 2;
  T.Extent[0] = 4;
  T.Extent[1] = 3;
  SurfQuery Q{2, false, 2, 0, SurfaceBoundary::Trap};
  EXPECT_EQ(surfaceOffset(T, Q, 8, 1, 0), 24u);
  EXPECT_EQ(surfaceOffset(T, Q, 16, 0, 0), std::nullopt);
  EXPECT_EQ(surfaceOffset(T, Q, 0, 3, 0), std::nullopt);
  Q.Mode = SurfaceBoundary::Clamp;
  EXPECT_EQ(surfaceOffset(T, Q, 16, 0, 0), 12u);
  EXPECT_EQ(surfaceOffset(T, Q, -4, 5, 0), 32u);
  Q.Mode = SurfaceBoundary::Zero;
  EXPECT_EQ(surfaceOffset(T, Q, -4, 0, 0), std::nullopt);
  Q.VecLog2 = 2; // 16 bytes fit only at x = 0
  EXPECT_EQ(surfaceOffset(T, Q, 0, 2, 0), 32u);
  EXPECT_EQ(surfaceOffset(T, Q, 4, 2, 0), std::nullopt);
  EXPECT_EQ(SurfQuery::unpack(Q.pack()).bytes(), 16u);
}

TEST(TextureTest, HandleTable) {
  TextureSpec T;
  char Data[4];
  uint64_t H = createTextureObject(T, Data);
  ASSERT_TRUE(findTextureObject(H));
  EXPECT_EQ(findTextureObject(H)->Data, Data);
  for (uint64_t Garbage : std::vector<uint64_t>{0, 1, H + 1, H ^ (1ull << 32),
                                                ~uint64_t(0)})
    EXPECT_FALSE(findTextureObject(Garbage)) << Garbage;
  EXPECT_FALSE(bool(destroyTextureObject(H)));
  EXPECT_FALSE(findTextureObject(H)); // a stale handle
  llvm::Error E = destroyTextureObject(H);
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
  uint64_t Again = createTextureObject(T, Data); // the slot, reused
  EXPECT_NE(Again, H);
  EXPECT_FALSE(findTextureObject(H));
  llvm::cantFail(destroyTextureObject(Again));
}

} // namespace
