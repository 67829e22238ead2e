//===- VariantEvalWireTest.cpp - A VariantEval survives its bytes ----------===//

#include "gevo/harness/Evaluator.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {
VariantEval sample() {
  VariantEval V;
  V.S = Status::WrongOutput;
  V.Message = "case 2: wrong output";
  CaseEval C;
  C.Name = "32x32";
  C.S = Status::Race;
  C.Message = "race";
  C.FaultUid = "U7";
  C.OtherUid = "U9";
  C.Error = 0.25;
  C.Identical = true;
  C.Seconds = 1.5e-6;
  C.Runs = 17;
  C.Spread = 0.004;
  C.ModeledCost = 123456789012ull;
  C.ModeledSeconds = 3.25e-5;
  V.Cases = {C, C};
  V.Cases[1].Name = "64x64";
  V.Seconds = 2.5e-6;
  V.ModeledCost = 42;
  V.ModeledSeconds = 1.0 / 3;
  V.Error = 0.125;
  V.Identical = false;
  V.JitSeconds = 0.01;
  V.MeasuredSeconds = 2.75e-6;
  V.NearestBaseSeconds = 2.0e-6;
  V.Gated = true;
  return V;
}
} // namespace

// Ranks of an MPI job pass whole results: every field comes back exactly
// (doubles by their bits), the GPU timing fields included.
TEST(VariantEvalWire, RoundTripsEveryField) {
  VariantEval V = sample(), Back;
  ASSERT_TRUE(decodeVariantEval(encodeVariantEval(V), Back));
  EXPECT_EQ(Back.S, V.S);
  EXPECT_EQ(Back.Message, V.Message);
  ASSERT_EQ(Back.Cases.size(), 2u);
  EXPECT_EQ(Back.Cases[1].Name, "64x64");
  EXPECT_EQ(Back.Cases[0].S, Status::Race);
  EXPECT_EQ(Back.Cases[0].OtherUid, "U9");
  EXPECT_EQ(Back.Cases[0].Runs, 17u);
  EXPECT_EQ(Back.Cases[0].ModeledCost, 123456789012ull);
  EXPECT_EQ(Back.Cases[0].ModeledSeconds, 3.25e-5);
  EXPECT_EQ(Back.ModeledSeconds, 1.0 / 3);
  EXPECT_EQ(Back.MeasuredSeconds, 2.75e-6);
  EXPECT_EQ(Back.NearestBaseSeconds, 2.0e-6);
  EXPECT_TRUE(Back.Gated);
  EXPECT_EQ(encodeVariantEval(Back), encodeVariantEval(V));
}

TEST(VariantEvalWire, RejectsTruncatedAndTrailingBytes) {
  std::string Bytes = encodeVariantEval(sample());
  VariantEval Back;
  EXPECT_FALSE(decodeVariantEval(Bytes.substr(0, Bytes.size() - 1), Back));
  EXPECT_FALSE(decodeVariantEval(Bytes + "x", Back));
  EXPECT_FALSE(decodeVariantEval("", Back));
}
