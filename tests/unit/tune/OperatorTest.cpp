// The live objective's operators: sizes, spaces, instances, reference.
#include "ErrorText.h"

#include "gevo/evolve/tune/Operators.h"

#include <gtest/gtest.h>

using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

std::string errorOf(const std::string &Kind, const std::string &Size) {
  return errorText(parseOperator(Kind, Size));
}

/// An operator at a size known to be good.
OperatorShape shape(const std::string &Kind, const std::string &Size) {
  return llvm::cantFail(parseOperator(Kind, Size));
}

Config configOf(const Space &S, const json &J) {
  std::optional<Config> C = S.parse(J);
  EXPECT_TRUE(C) << J.dump();
  return C.value_or(Config(S.size(), 0));
}

} // namespace

TEST(Operators, PaperSpacesMatchTheJsonSpaces) {
  for (auto [Kind, Name] : {std::pair{"matmul", "MM1"}, {"matmul", "MM2"},
                            {"matmul", "MM3"}, {"batch_matmul", "BMM1"},
                            {"batch_matmul", "BMM2"}, {"batch_matmul", "BMM3"},
                            {"conv2d", "C1"}, {"conv2d", "C2"}}) {
    json Live = llvm::cantFail(operatorSpace(shape(Kind, Name))).toJson();
    json File =
        llvm::cantFail(Space::load(std::string(GEVO_TUNE_SPACES_DIR) + "/" + Name + ".json"))
            .toJson();
    EXPECT_EQ(Live["name"], File["name"]);
    EXPECT_EQ(Live["params"], File["params"]) << Name;
    // The paper's threads limit first, then the template's own limits.
    EXPECT_EQ(Live["constraints"][0], File["constraints"][0]) << Name;
    EXPECT_EQ(Live["constraints"][1]["what"], "shared memory bytes");
    EXPECT_EQ(Live["constraints"][2]["what"], "registers per thread");
  }
}

TEST(Operators, SizesFromPresetsAndKeys) {
  OperatorShape Small = shape("matmul", "");
  EXPECT_EQ(Small.N, 64u);
  EXPECT_EQ(Small.K, 128u);
  EXPECT_EQ(Small.M, 128u);
  OperatorShape Mm = shape("matmul", "MM2,n=64");
  EXPECT_EQ(Mm.N, 64u);
  EXPECT_EQ(Mm.M, 4096u);
  EXPECT_EQ(Mm.Name, "matmul k=1024,m=4096,n=64");
  EXPECT_EQ(shape("matmul", "MM2").Name, "MM2");
  OperatorShape Bmm = shape("batch_matmul", "BMM3");
  EXPECT_TRUE(Bmm.TransB);
  EXPECT_FALSE(Bmm.TransA);
  EXPECT_EQ(Bmm.Batch, 960u);
  OperatorShape C1 = shape("conv2d", "C1");
  EXPECT_EQ(C1.hout(), 55u);
  EXPECT_DOUBLE_EQ(C1.flops(), 2.0 * 512 * 64 * 55 * 55 * 3 * 11 * 11);
  EXPECT_EQ(shape("conv2d", "C2").wout(), 27u);
}

TEST(Operators, BadSizesAreOneLineErrors) {
  EXPECT_EQ(errorOf("gemm", ""), "unknown operator 'gemm' (matmul, batch_matmul, conv2d)");
  EXPECT_EQ(errorOf("matmul", "n=0"), "--size: n must be positive");
  EXPECT_EQ(errorOf("matmul", "batch=2"), "--size: matmul has no size 'batch'");
  EXPECT_EQ(errorOf("matmul", "n=x"), "--size: n=x is not a count");
  EXPECT_EQ(errorOf("matmul", "C1"), "--size: 'C1' is not a matmul operator (see --help)");
  EXPECT_EQ(errorOf("batch_matmul", "trans_a=2"), "--size: trans_a and trans_b are 0 or 1");
  EXPECT_EQ(errorOf("conv2d", "h=3,pad=0"), "--size: the kernel is larger than the padded image");
  EXPECT_NE(errorOf("matmul", "n=65536,k=65536").find("2^31 elements"), std::string::npos);
}

TEST(Operators, TemplateLimitsAreConstraints) {
  OperatorShape Op = shape("matmul", "MM1");
  Space S = llvm::cantFail(operatorSpace(Op));
  // 64 x 32 threads.
  Config Threads = configOf(S, {{"N", {8, 1, 64, 1}}, {"M", {32, 1, 32, 1}}, {"K", {256, 4, 1}}});
  EXPECT_EQ(S.violation(Threads), "threads per block = 2048 > 1024");
  // (64 + 64) rows x 128 of K x 4 bytes = 64 KiB.
  Config Shared = configOf(S, {{"N", {8, 1, 16, 4}}, {"M", {16, 1, 16, 4}}, {"K", {8, 32, 4}}});
  EXPECT_EQ(S.violation(Shared), "shared memory bytes = 65536 > 49152");
  // A 16 x 16 tile per thread: 256 accumulators.
  Config Regs = configOf(S, {{"N", {32, 1, 1, 16}}, {"M", {64, 1, 1, 16}}, {"K", {256, 4, 1}}});
  EXPECT_EQ(S.violation(Regs), "registers per thread = 288 > 255");
  Config Fine = configOf(S, {{"N", {8, 2, 8, 4}}, {"M", {16, 2, 8, 4}}, {"K", {64, 4, 4}}});
  EXPECT_EQ(S.violation(Fine), std::nullopt);
}

TEST(Operators, ConvSharedMemoryCountsTheInputPatch) {
  OperatorShape Op = shape("conv2d", "C1");
  Space S = llvm::cantFail(operatorSpace(Op));
  Config C = configOf(S, {{"Cout", {8, 1, 8, 1}}, {"Hout", {11, 1, 5, 1}},
                          {"Wout", {11, 1, 5, 1}}, {"Cin", {1, 3}}, {"Hk", {1, 11}},
                          {"Wk", {11, 1}}, {"auto_unroll_max_step", 512},
                          {"unroll_explicit", 1}});
  // weights 3*11*1*8 + patch 3 * ((5-1)*4 + 11) * ((5-1)*4 + 1) floats.
  EXPECT_EQ(S.violation(C), std::nullopt);
  Limits Tight;
  Tight.SharedBytes = 4 * (3 * 11 * 1 * 8 + 3 * 27 * 17) - 1;
  EXPECT_EQ(llvm::cantFail(operatorSpace(Op, Tight)).violation(C),
            "shared memory bytes = 6564 > 6563");
  Instance In = llvm::cantFail(instantiate(Op, S, C));
  EXPECT_EQ(In.Grid.X, 11u);
  EXPECT_EQ(In.Grid.Y, 11u);
  EXPECT_EQ(In.Grid.Z, 512u * 8);
  EXPECT_EQ(In.Block.X, 5u);
  EXPECT_EQ(In.Block.Z, 8u);
  // 3*11*1 reduction steps x 1 output: 33 <= 512, explicit: unrolled fully.
  EXPECT_NE(std::find(In.Defines.begin(), In.Defines.end(), "OP_UNROLL=2"), In.Defines.end());
  EXPECT_NE(std::find(In.Defines.begin(), In.Defines.end(), "OP_STRIDE=4"), In.Defines.end());
}

TEST(Operators, MatMulInstance) {
  OperatorShape Op = shape("batch_matmul", "BMM2");
  Space S = llvm::cantFail(operatorSpace(Op));
  Config C = configOf(S, {{"B", {60, 16}}, {"N", {4, 2, 8, 2}}, {"M", {2, 1, 16, 2}},
                          {"K", {8, 4, 4}}});
  Instance In = llvm::cantFail(instantiate(Op, S, C));
  std::vector<std::string> Want = {"OP_N1=4", "OP_N2=2", "OP_N3=8", "OP_N4=2",
                                   "OP_M1=2", "OP_M2=1", "OP_M3=16", "OP_M4=2",
                                   "OP_K1=8", "OP_K2=4", "OP_K3=4", "OP_B1=60",
                                   "OP_B2=16", "OP_TRANS_A=1", "OP_TRANS_B=0"};
  EXPECT_EQ(In.Defines, Want);
  EXPECT_EQ(In.Grid.X, 2u);
  EXPECT_EQ(In.Grid.Y, 4u);
  EXPECT_EQ(In.Grid.Z, 60u);
  EXPECT_EQ(In.Block.X, 16u);
  EXPECT_EQ(In.Block.Y, 8u);
}

TEST(Operators, InstantiatingAnotherOperatorsSpaceNamesTheMissingParameter) {
  Space Mm = llvm::cantFail(operatorSpace(shape("matmul", "MM1")));
  EXPECT_EQ(errorText(instantiate(shape("conv2d", "C1"), Mm, Mm.decode(0))),
            "the space has no parameter 'Cout'");
  EXPECT_EQ(errorText(instantiate(shape("batch_matmul", "BMM1"), Mm, Mm.decode(0))),
            "the space has no parameter 'B'");
}

TEST(Operators, ReferenceByHand) {
  OperatorShape Mm = shape("batch_matmul", "batch=1,n=1,k=2,m=1,trans_b=1");
  std::vector<float> C = referenceOutput(Mm, {{1, 2}, {3, -4}});
  EXPECT_EQ(C, std::vector<float>{1 * 3 + 2 * -4});
  // 1 channel 2x2 image, 1x1 kernel of 2, padding 1: a 4x4 output whose
  // border is zero.
  OperatorShape Cv = shape("conv2d", "batch=1,cin=1,h=2,w=2,cout=1,hk=1,wk=1,stride=1,pad=1");
  std::vector<float> Z = referenceOutput(Cv, {{1, 2, 3, 4}, {2}});
  std::vector<float> Want = {0, 0, 0, 0, 0, 2, 4, 0, 0, 6, 8, 0, 0, 0, 0, 0};
  EXPECT_EQ(Z, Want);
  // Inputs: small integers, fixed.
  auto In = operatorInputs(shape("matmul", ""));
  ASSERT_EQ(In.size(), 2u);
  EXPECT_EQ(In[0].size(), 64u * 128);
  EXPECT_EQ(In, operatorInputs(shape("matmul", "")));
  for (float V : In[1])
    ASSERT_TRUE(V == int(V) && V >= -3 && V <= 3);
}
