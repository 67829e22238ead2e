//===- Constraints.cpp - Space constraints: parsing and checking ----------===//
//
// A constraint bounds a polynomial in parameter values (threads per block,
// shared memory bytes, registers per thread of a kernel template). It is
// checked before a config is measured, so strategies never spend a trial
// on a config that cannot be instantiated.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Space.h"

#include "TuneError.h"

#include <sstream>

namespace gevo::evolve::tune {

using nlohmann::json;

namespace {
/// One factor of a constraint term: "N", or "N[2]" for one factor or entry.
llvm::Expected<Constraint::Factor> parseFactor(const Space &Sp, const json &T) {
  if (!T.is_string())
    return tuneError("constraint term " + T.dump() + " is not a string");
  std::string S = T, Name = S;
  Constraint::Factor F{};
  if (auto Open = S.find('['); Open != std::string::npos) {
    Name = S.substr(0, Open);
    try {
      F.Slot = std::stoul(S.substr(Open + 1));
    } catch (const std::logic_error &) { // invalid_argument, out_of_range
      return tuneError("constraint term '" + S + "' has a bad index");
    }
  }
  auto Idx = Sp.indexOf(Name);
  if (!Idx)
    return tuneError("constraint term '" + S + "' names no parameter");
  const Param &P = Sp.param(*Idx);
  if (F.Slot ? *F.Slot >= P.raw(0).size() : P.raw(0).size() != 1)
    return tuneError("constraint term '" + S + "' needs a valid [index]");
  if (P.kind() == ParamKind::Categorical)
    return tuneError("constraint term '" + S + "' is categorical");
  F.ParamIndex = *Idx;
  return F;
}

llvm::Expected<Constraint::Term> parseTerm(const Space &Sp, const json &Product,
                                           double Coef) {
  if (!Product.is_array())
    return tuneError("a constraint's \"product\" must be an array of terms");
  Constraint::Term T;
  T.Coef = Coef;
  for (const json &F : Product) {
    llvm::Expected<Constraint::Factor> Factor = parseFactor(Sp, F);
    if (!Factor)
      return Factor.takeError();
    T.Factors.push_back(*Factor);
  }
  return T;
}

/// The terms of a constraint's "sum" array.
llvm::Error parseSum(const Space &Sp, const json &Sum, Constraint &C) {
  if (!Sum.is_array())
    return tuneError("a constraint's \"sum\" must be an array");
  for (const json &T : Sum) {
    if (!T.is_object() || !T.contains("product"))
      return tuneError("a \"sum\" entry needs a \"product\": " + T.dump());
    const json &Coef = T.contains("coef") ? T["coef"] : json(1);
    if (!Coef.is_number())
      return tuneError("a \"coef\" must be a number: " + Coef.dump());
    llvm::Expected<Constraint::Term> Term =
        parseTerm(Sp, T["product"], Coef.get<double>());
    if (!Term)
      return Term.takeError();
    C.Terms.push_back(std::move(*Term));
  }
  return llvm::Error::success();
}
} // namespace

llvm::Error Space::addConstraint(const json &J) {
  Constraint C;
  if (!J.is_object() || J.contains("product") == J.contains("sum"))
    return tuneError("a constraint needs a \"product\" or a \"sum\" array");
  if (J.contains("what") && !J["what"].is_string())
    return tuneError("a constraint's \"what\" must be a string");
  C.What = J.value("what", std::string("constraint"));
  if (J.contains("product")) {
    llvm::Expected<Constraint::Term> Term = parseTerm(*this, J["product"], 1);
    if (!Term)
      return Term.takeError();
    C.Terms.push_back(std::move(*Term));
  } else if (llvm::Error E = parseSum(*this, J["sum"], C)) {
    return E;
  }
  for (const char *Bound : {"min", "max"})
    if (J.contains(Bound) && !J[Bound].is_number())
      return tuneError(std::string("a constraint's \"") + Bound +
                       "\" must be a number");
  if (J.contains("min"))
    C.Min = J["min"].get<double>();
  if (J.contains("max"))
    C.Max = J["max"].get<double>();
  Constraints.push_back(std::move(C));
  ConstraintJson.push_back(J);
  return llvm::Error::success();
}

const Constraint *Space::firstBroken(const Config &C, double &Value) const {
  for (const Constraint &K : Constraints) {
    Value = 0;
    for (const Constraint::Term &T : K.Terms) {
      double Prod = T.Coef;
      for (const Constraint::Factor &F : T.Factors)
        Prod *= Params[F.ParamIndex].raw(C[F.ParamIndex])[F.Slot.value_or(0)];
      Value += Prod;
    }
    if (Value < K.Min || Value > K.Max)
      return &K;
  }
  return nullptr;
}

bool Space::satisfies(const Config &C) const {
  if (!Members.empty() && !MemberSet.count(encode(C)))
    return false;
  double Value;
  return !firstBroken(C, Value);
}

std::optional<std::string> Space::violation(const Config &C) const {
  if (!Members.empty() && !MemberSet.count(encode(C)))
    return "not a member of the space";
  double Value;
  const Constraint *K = firstBroken(C, Value);
  if (!K)
    return std::nullopt;
  std::ostringstream OS;
  OS.precision(15);
  OS << K->What << " = " << Value;
  if (Value > K->Max)
    OS << " > " << K->Max;
  else
    OS << " < " << K->Min;
  return OS.str();
}

} // namespace gevo::evolve::tune
