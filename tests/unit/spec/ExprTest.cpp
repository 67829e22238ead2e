//===- ExprTest.cpp - spec.json expressions -------------------------------===//

#include "gevo/harness/Expr.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {

ExprValue value(const std::string &Text,
                const std::map<std::string, ExprValue> &Consts = {},
                const std::map<std::string, ExprValue> &Vars = {}) {
  std::vector<std::string> Names;
  for (auto &[Name, V] : Vars)
    Names.push_back(Name);
  auto E = Expr::parse(Text, Consts, Names);
  if (!E) {
    ADD_FAILURE() << llvm::toString(E.takeError());
    return {};
  }
  return llvm::cantFail(E->eval(Vars));
}

std::string parseError(const std::string &Text,
                       const std::map<std::string, ExprValue> &Consts = {},
                       const std::vector<std::string> &Vars = {}) {
  auto E = Expr::parse(Text, Consts, Vars);
  EXPECT_FALSE(static_cast<bool>(E)) << Text;
  return E ? "" : llvm::toString(E.takeError());
}

TEST(Expr, IntegerArithmeticIsCs) {
  EXPECT_EQ(value("(100 + 15) / 16").I, 7);
  EXPECT_EQ(value("-7 / 2").I, -3);
  EXPECT_EQ(value("-7 % 2").I, -1);
  EXPECT_EQ(value("2*3+4*5").I, 26);
  EXPECT_EQ(value("2*(3+4)*5").I, 70);
  EXPECT_EQ(value("10 - 2 - 3").I, 5); // left to right
  EXPECT_TRUE(value("7 / 2").Int);
}

TEST(Expr, ARealOperandMakesTheOperationReal) {
  ExprValue V = value("7 / 2.0");
  EXPECT_FALSE(V.Int);
  EXPECT_DOUBLE_EQ(V.D, 3.5);
  EXPECT_DOUBLE_EQ(value("1e-3 * 2").D, 2e-3);
}

TEST(Expr, ComparisonsSelectMinMax) {
  EXPECT_EQ(value("3 < 4").I, 1);
  EXPECT_EQ(value("3 <= 2").I, 0);
  EXPECT_EQ(value("3 != 3").I, 0);
  EXPECT_EQ(value("n > 8 ? 16 : 8", {{"n", ExprValue::integer(9)}}).I, 16);
  EXPECT_EQ(value("1 ? 2 : 0 ? 3 : 4").I, 2);
  EXPECT_EQ(value("min(n - 16*it, 16)", {{"n", ExprValue::integer(40)}},
                  {{"it", ExprValue::integer(2)}})
                .I,
            8);
  EXPECT_EQ(value("max(-1, -2)").I, -1);
}

TEST(Expr, RoundingFunctions) {
  std::map<std::string, ExprValue> Config = {
      {"block_size_x", ExprValue::integer(48)},
      {"tile_size_x", ExprValue::integer(3)}};
  // A grid over 4096 columns: 4096 / 144 = 28.4, so 29 blocks.
  EXPECT_EQ(value("cdiv(4096, block_size_x * tile_size_x)", Config).I, 29);
  EXPECT_EQ(value("cdiv(4096, 64)").I, 64);
  EXPECT_EQ(value("ceil(4096 / (block_size_x * tile_size_x * 1.0))", Config).I,
            29);
  ExprValue F = value("floor(-2.5)");
  EXPECT_TRUE(F.Int);
  EXPECT_EQ(F.I, -3);
  EXPECT_EQ(value("ceil(7)").I, 7);
  EXPECT_DOUBLE_EQ(value("cdiv(7.0, 2)").D, 4.0);
  EXPECT_NE(parseError("cdiv(1, 0)").find("divides by zero"),
            std::string::npos);
  EXPECT_NE(parseError("ceil(1, 2)").find("takes one argument"),
            std::string::npos);
}

TEST(Expr, ConstantsFoldAndVariablesWait) {
  auto E = llvm::cantFail(
      Expr::parse("2*it + n/4", {{"n", ExprValue::integer(64)}}, {"it"}));
  EXPECT_FALSE(E.isConstant());
  EXPECT_EQ(E.str(), "((2 * it) + 16)");
  EXPECT_EQ(llvm::cantFail(E.eval({{"it", ExprValue::integer(3)}})).I, 22);
  auto C =
      llvm::cantFail(Expr::parse("n*n", {{"n", ExprValue::integer(5)}}, {}));
  ASSERT_TRUE(C.isConstant());
  EXPECT_EQ(C.constant().I, 25);
}

TEST(Expr, ErrorsNameTheProblemAndTheKnownNames) {
  EXPECT_EQ(parseError("2*itt+1", {{"n", ExprValue::integer(1)}}, {"it"}),
            "in '2*itt+1': unknown name 'itt' (known: it, n) at column 3");
  EXPECT_EQ(parseError("(1+2"), "in '(1+2': expected ')' at column 5");
  EXPECT_EQ(parseError("1 +"),
            "in '1 +': expected a number, a name or '(' at column 4");
  EXPECT_EQ(parseError("4 / (2-2)"),
            "in '4 / (2-2)': divides by zero at column 10");
  EXPECT_EQ(parseError("3 4"), "in '3 4': unexpected '4' at column 3");
  EXPECT_EQ(parseError("min(1)"),
            "in 'min(1)': min() takes two arguments: expected ',' at column 6");
  EXPECT_EQ(
      parseError("9223372036854775807 + 1"),
      "in '9223372036854775807 + 1': overflows a 64-bit integer at column 24");
}

TEST(Expr, DivisionByZeroAtRunTimeIsAnError) {
  auto E = llvm::cantFail(Expr::parse("64 / it", {}, {"it"}));
  auto V = E.eval({{"it", ExprValue::integer(0)}});
  ASSERT_FALSE(static_cast<bool>(V));
  EXPECT_EQ(llvm::toString(V.takeError()), "'64 / it' divides by zero");
}

} // namespace
