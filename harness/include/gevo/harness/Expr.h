//===- Expr.h - Arithmetic over parameters and counters ---------*- C++ -*-===//
//
// A number in spec.json may be an expression: "(n + 15) / 16", "2*it + 1",
// "min(n - 16*it, 16)". Integers and reals; + - * / % (integer / and %
// truncate as in C, a real operand makes the operation real); comparisons
// (1 or 0); c ? a : b; min(a, b), max(a, b), cdiv(a, b) (rounded up),
// ceil(x), floor(x); parentheses; names. A case's
// parameters are constants, folded when the expression is parsed; loop
// counters are variables, bound when it is evaluated.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_EXPR_H
#define GEVO_HARNESS_EXPR_H

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gevo {

/// A value of an expression: an integer or a real.
struct ExprValue {
  bool Int = true;
  int64_t I = 0;
  double D = 0;
  static ExprValue integer(int64_t V) { return {true, V, double(V)}; }
  static ExprValue real(double V) { return {false, 0, V}; }
  double asDouble() const { return Int ? double(I) : D; }
};

struct ExprNode;

class Expr {
public:
  /// The constant 0.
  Expr();
  /// The constant V (an integer when V is one).
  explicit Expr(ExprValue V);

  /// Parses Text. A name in Constants is replaced by its value; one in
  /// Variables stays a variable; any other name is an error that lists
  /// the known ones: "unknown name 'itt' in '2*itt+1' (known: it, n)".
  /// Constant parts are folded (a division by zero among them is an error).
  static llvm::Expected<Expr>
  parse(const std::string &Text,
        const std::map<std::string, ExprValue> &Constants,
        const std::vector<std::string> &Variables);

  bool isConstant() const;
  /// The value of a constant expression.
  ExprValue constant() const;
  /// The value with each variable bound by Vars (a variable it lacks is
  /// 0); a division by zero is an error naming the expression.
  llvm::Expected<ExprValue>
  eval(const std::map<std::string, ExprValue> &Vars) const;
  /// The folded expression, fully parenthesised: two expressions that
  /// print the same compute the same (what caches hash).
  std::string str() const;
  /// The text it was parsed from (str() for a constant made in code).
  const std::string &text() const { return Text; }

private:
  std::shared_ptr<const ExprNode> Root;
  std::string Text;
};

} // namespace gevo

#endif
