//===- OracleChildTest.cpp - An oracle computed in a forked child ---------===//
//
// For GPU targets the Evaluator's server computes the oracle in a child, so
// that no GPU driver is ever initialised in the process workers fork from.

#include "OracleCache.h"

#include <gtest/gtest.h>

#include <csignal>

using namespace gevo;
using namespace gevo::sandbox;

namespace {

Spec oneCase() {
  Spec S;
  S.Cases.resize(1);
  S.Cases[0].Name = "only";
  return S;
}

TEST(OracleInChild, PassesTheChildsOracleBack) {
  pid_t Parent = getpid();
  auto O = oracleInChild(oneCase(), [&]() -> llvm::Expected<Oracle> {
    Oracle Child;
    // What the child computes reaches the parent only through the file.
    CaseOracle C;
    C.Outputs = {Bytes{1, 2, 3}};
    C.Types = {ElemType::U8};
    C.Error = 0.5;
    C.ModeledCost = getpid() == Parent ? 0u : 42u;
    Child.Cases.push_back(C);
    return Child;
  });
  ASSERT_TRUE(bool(O)) << llvm::toString(O.takeError());
  ASSERT_EQ(O->Cases.size(), 1u);
  EXPECT_EQ(O->Cases[0].Outputs[0], (Bytes{1, 2, 3}));
  EXPECT_EQ(O->Cases[0].ModeledCost, 42u);
  EXPECT_EQ(O->Cases[0].Types[0], ElemType::U8);
  EXPECT_EQ(O->Cases[0].Error, 0.5);
}

TEST(OracleInChild, TheChildsErrorOrDeathIsAnError) {
  auto Failed = oracleInChild(oneCase(), []() -> llvm::Expected<Oracle> {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cuda target: no GPU");
  });
  ASSERT_FALSE(bool(Failed));
  EXPECT_EQ(llvm::toString(Failed.takeError()), "cuda target: no GPU");
  auto Died = oracleInChild(oneCase(), []() -> llvm::Expected<Oracle> {
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    return Oracle();
  });
  ASSERT_FALSE(bool(Died));
  EXPECT_NE(llvm::toString(Died.takeError()).find("died by signal 11"),
            std::string::npos);
}

} // namespace
