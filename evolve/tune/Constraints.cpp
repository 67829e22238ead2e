//===- Constraints.cpp - Space constraints: parsing and checking ----------===//
//
// A constraint bounds a polynomial in parameter values (threads per block,
// shared memory bytes, registers per thread of a kernel template). It is
// checked before a config is measured, so strategies never spend a trial
// on a config that cannot be instantiated.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Space.h"

#include <sstream>

namespace gevo::evolve::tune {

using nlohmann::json;

namespace {
/// One factor of a constraint term: "N", or "N[2]" for one factor or entry.
Constraint::Factor parseFactor(const Space &Sp, const json &T) {
  if (!T.is_string())
    throw SpaceError("constraint term " + T.dump() + " is not a string");
  std::string S = T, Name = S;
  Constraint::Factor F{};
  if (auto Open = S.find('['); Open != std::string::npos) {
    Name = S.substr(0, Open);
    try {
      F.Slot = std::stoul(S.substr(Open + 1));
    } catch (...) {
      throw SpaceError("constraint term '" + S + "' has a bad index");
    }
  }
  auto Idx = Sp.indexOf(Name);
  if (!Idx)
    throw SpaceError("constraint term '" + S + "' names no parameter");
  const Param &P = Sp.param(*Idx);
  if (F.Slot ? *F.Slot >= P.raw(0).size() : P.raw(0).size() != 1)
    throw SpaceError("constraint term '" + S + "' needs a valid [index]");
  if (P.kind() == ParamKind::Categorical)
    throw SpaceError("constraint term '" + S + "' is categorical");
  F.ParamIndex = *Idx;
  return F;
}

Constraint::Term parseTerm(const Space &Sp, const json &Product, double Coef) {
  if (!Product.is_array())
    throw SpaceError("a constraint's \"product\" must be an array of terms");
  Constraint::Term T;
  T.Coef = Coef;
  for (const json &F : Product)
    T.Factors.push_back(parseFactor(Sp, F));
  return T;
}
} // namespace

void Space::addConstraint(const json &J) {
  Constraint C;
  if (!J.is_object() || J.contains("product") == J.contains("sum"))
    throw SpaceError("a constraint needs a \"product\" or a \"sum\" array");
  C.What = J.value("what", std::string("constraint"));
  if (J.contains("product")) {
    C.Terms.push_back(parseTerm(*this, J["product"], 1));
  } else {
    if (!J["sum"].is_array())
      throw SpaceError("a constraint's \"sum\" must be an array");
    for (const json &T : J["sum"]) {
      if (!T.is_object() || !T.contains("product"))
        throw SpaceError("a \"sum\" entry needs a \"product\": " + T.dump());
      const json &Coef = T.contains("coef") ? T["coef"] : json(1);
      if (!Coef.is_number())
        throw SpaceError("a \"coef\" must be a number: " + Coef.dump());
      C.Terms.push_back(parseTerm(*this, T["product"], Coef.get<double>()));
    }
  }
  for (const char *Bound : {"min", "max"})
    if (J.contains(Bound) && !J[Bound].is_number())
      throw SpaceError(std::string("a constraint's \"") + Bound +
                       "\" must be a number");
  if (J.contains("min"))
    C.Min = J["min"].get<double>();
  if (J.contains("max"))
    C.Max = J["max"].get<double>();
  Constraints.push_back(std::move(C));
  ConstraintJson.push_back(J);
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
