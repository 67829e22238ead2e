//===- TextureArgTest.cpp - Texture and surface arguments of a launch -------===//
//
// {"texture": ...} and {"surface": ...} arguments: what they parse into,
// the one-line errors of what CUDA would refuse, and how the plan runner
// makes an object per launch (its handle is the argument) and destroys it.
//
//===----------------------------------------------------------------------===//

#include "FakeDevice.h"
#include "SpecText.h"

#include <gtest/gtest.h>

using namespace gevo;
using gevo::test::parseErr;
using gevo::test::parseOk;

namespace {

/// A spec whose one launch has \p Arg as its first argument, over buffer
/// "img" (32 f32) and "raw" (16 u8).
std::string withArg(const std::string &Arg) {
  return R"({"cases": [{"name": "c",
    "buffers": {"img": {"type": "f32", "count": 32, "init": {"fill": 1}},
                "raw": {"type": "u8", "count": 16, "init": {"fill": 1}}},
    "steps": [{"launch": "k", "grid": 1, "block": 1, "args": [)" +
         Arg + R"(, "img"]}],
    "outputs": ["img"]}]})";
}

TEST(TextureArg, ParsesEveryField) {
  Spec S = parseOk(withArg(
      R"({"texture": "raw", "dims": [2, 2], "channels": 4, "format": "u8",
          "filter": "linear", "address": ["wrap", "mirror"],
          "normalized_coords": true, "read": "normalized_float"})"));
  const ArgSpec &A = S.Cases[0].Steps[0].Args[0];
  ASSERT_EQ(A.K, ArgSpec::Texture);
  EXPECT_EQ(A.Name, "raw");
  const TextureSpec &T = A.Tex;
  EXPECT_FALSE(T.Surface);
  EXPECT_EQ(T.Dims, 2u);
  EXPECT_EQ(T.Extent[0], 2u);
  EXPECT_EQ(T.Extent[1], 2u);
  EXPECT_EQ(T.elementBytes(), 4u);
  EXPECT_EQ(T.Filt, TextureSpec::Linear);
  EXPECT_EQ(T.Addr[0], TextureSpec::Wrap);
  EXPECT_EQ(T.Addr[1], TextureSpec::Mirror);
  EXPECT_TRUE(T.NormalizedCoords && T.NormalizedFloat);
  EXPECT_EQ(T.str(), "texture 2d 2x2 u8x4 linear wrap,mirror "
                     "normalized_coords normalized_float");
  // Defaults: the buffer's type, one channel, point, clamp.
  S = parseOk(withArg(R"({"surface": "img", "dims": [8, 4]})"));
  EXPECT_EQ(S.Cases[0].Steps[0].Args[0].Tex.str(), "surface 2d 8x4 f32x1");
  S = parseOk(withArg(R"({"texture": "img", "dims": 32})"));
  EXPECT_EQ(S.Cases[0].Steps[0].Args[0].Tex.str(),
            "texture 1d 32 f32x1 point clamp");
}

TEST(TextureArg, RefusesWhatCudaRefuses) {
  const std::pair<const char *, const char *> Cases[] = {
      {R"({"texture": "imgg", "dims": 4})", ".texture: unknown buffer 'imgg'"},
      {R"({"texture": "img", "dims": [8, 8]})",
       ".dims: buffer 'img' holds 128 bytes, the texture needs 256"},
      {R"({"texture": "img", "dims": [1, 1, 1, 1]})",
       ".dims: expected 1 to 3 dimensions"},
      {R"({"texture": "img", "dims": 4, "channels": 3})",
       ".channels: expected 1, 2 or 4 channels"},
      {R"({"texture": "img", "dims": 4, "format": "f64"})",
       ".format: unknown format 'f64' (expected f32, f16, s32, u32, s16, u16, "
       "s8 or u8)"},
      {R"({"texture": "raw", "dims": 4, "filter": "linear"})",
       ".filter: linear filtering needs float results: a float format or "
       "\"read\": \"normalized_float\""},
      {R"({"texture": "img", "dims": 4, "read": "normalized_float"})",
       ".read: normalized_float reads 8- and 16-bit integer formats, not f32"},
      {R"({"texture": "img", "dims": 4, "address": "wrap"})",
       ".address: address mode 'wrap' needs \"normalized_coords\": true (as "
       "in CUDA)"},
      {R"({"texture": "img", "dims": [4, 2], "address": ["clamp"]})",
       ".address: expected one address mode, or 2 (one per dimension)"},
      {R"({"surface": "img", "dims": 4, "filter": "point"})",
       ".filter: unknown field 'filter'"},
  };
  const std::string At = "t/spec.json: cases[0].steps[0].args[0]";
  for (const auto &[Arg, Want] : Cases)
    EXPECT_EQ(parseErr(withArg(Arg)), At + Want);
}

/// A FakeDevice that makes texture objects: each creation and destruction
/// is logged, and a launch logs its first argument.
class TextureDevice : public FakeDevice {
public:
  std::string createTexture(const TextureSpec &T, uint64_t Address,
                            uint64_t &Handle) override {
    Handle = 0x7e0000 + Log.size();
    Log.push_back("create " + T.str() + " at " + std::to_string(Address) +
                  " -> " + std::to_string(Handle));
    return "";
  }
  std::string destroyTexture(uint64_t Handle) override {
    Log.push_back("destroy " + std::to_string(Handle));
    return "";
  }
  LaunchOutcome launch(const std::string &K, Dim3 G, Dim3 B, unsigned Shared,
                       const std::vector<Bytes> &Args) override {
    Log.push_back("launch with " + std::to_string(ptr(Args[0])));
    return LaunchOutcome();
  }
};

TEST(TextureArg, EachLaunchMakesAndDestroysItsObjects) {
  Spec S = parseOk(withArg(R"({"texture": "img", "dims": [8, 4]})"));
  TextureDevice D;
  CaseOutcome Out = runCase(S.Cases[0], D);
  ASSERT_EQ(Out.S, Status::Ok) << Out.Message;
  uint64_t Img = 0x1000; // the first buffer FakeDevice allocates
  std::vector<std::string> Want = {
      "create texture 2d 8x4 f32x1 point clamp,clamp at " +
          std::to_string(Img) + " -> " + std::to_string(0x7e0000),
      "launch with " + std::to_string(0x7e0000),
      "destroy " + std::to_string(0x7e0000)};
  EXPECT_EQ(D.Log, Want);
}

TEST(TextureArg, ATargetWithoutThemFailsTheCaseNamingTheObject) {
  Spec S = parseOk(withArg(R"({"surface": "img", "dims": 32})"));
  FakeDevice D;
  CaseOutcome Out = runCase(S.Cases[0], D);
  EXPECT_EQ(Out.S, Status::Crash);
  EXPECT_EQ(Out.Message, "this target does not support texture and surface "
                         "objects (surface 1d 32 f32x1)");
  EXPECT_TRUE(D.Log.empty()); // nothing launched
}

} // namespace
