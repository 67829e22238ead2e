//===- Space.cpp - Parameters, their graphs, configs and constraints -------===//

#include "gevo/evolve/tune/Space.h"

#include "TuneError.h"

#include "gevo/support/EnumNames.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <numeric>

namespace gevo::evolve::tune {

using nlohmann::json;

const char *kindName(ParamKind K) {
  static constexpr EnumName<ParamKind> Names[] = {
      {ParamKind::Factorization, "factorization"},
      {ParamKind::Permutation, "permutation"},
      {ParamKind::Discrete, "discrete"},
      {ParamKind::Categorical, "categorical"}};
  return nameOf(Names, K);
}

namespace {

std::vector<uint64_t> distinctPrimes(uint64_t N) {
  std::vector<uint64_t> Out;
  for (uint64_t P = 2; P * P <= N; ++P)
    if (N % P == 0) {
      Out.push_back(P);
      while (N % P == 0)
        N /= P;
    }
  if (N > 1)
    Out.push_back(N);
  return Out;
}

/// Appends every ordered factorization of Rest into the remaining slots.
void factorize(uint64_t Rest, unsigned Slots, std::vector<uint64_t> &Prefix,
               std::vector<std::vector<uint64_t>> &Out) {
  if (Slots == 1) {
    Prefix.push_back(Rest);
    Out.push_back(Prefix);
    Prefix.pop_back();
    return;
  }
  for (uint64_t D = 1; D <= Rest; ++D) {
    if (Rest % D)
      continue;
    Prefix.push_back(D);
    factorize(Rest / D, Slots - 1, Prefix, Out);
    Prefix.pop_back();
  }
}

} // namespace

llvm::Expected<Param> Param::factorization(std::string Name, uint64_t Total,
                                           unsigned Slots) {
  if (Total == 0 || Slots == 0 || Slots > 16)
    return tuneError("factorization '" + Name + "': need total >= 1 and 1..16 slots");
  Param P(std::move(Name), ParamKind::Factorization);
  P.Total = Total;
  P.Slots = Slots;
  P.Primes = distinctPrimes(Total);
  std::vector<std::vector<uint64_t>> All;
  std::vector<uint64_t> Prefix;
  factorize(Total, Slots, Prefix, All);
  if (All.size() > 2000000)
    return tuneError("factorization '" + P.Name + "' has too many values");
  double LogC = std::log(double(Total));
  for (const auto &F : All) {
    P.Values.push_back(F);
    P.Raw.emplace_back(F.begin(), F.end());
    std::vector<double> Feat;
    for (uint64_t X : F)
      Feat.push_back(Total == 1 ? 0 : std::log(double(X)) / LogC);
    P.Feat.push_back(std::move(Feat));
  }
  P.linkByVectors();
  return P;
}

llvm::Expected<Param> Param::permutation(std::string Name, unsigned N) {
  if (N == 0 || N > 8)
    return tuneError("permutation '" + Name + "': need 1..8 elements");
  Param P(std::move(Name), ParamKind::Permutation);
  P.Total = N;
  P.Slots = N;
  std::vector<uint64_t> Perm(N);
  std::iota(Perm.begin(), Perm.end(), 0);
  do {
    P.Values.push_back(Perm);
    P.Raw.emplace_back(Perm.begin(), Perm.end());
    std::vector<double> Feat;
    for (uint64_t X : Perm)
      Feat.push_back(N == 1 ? 0 : double(X) / (N - 1));
    P.Feat.push_back(std::move(Feat));
  } while (std::next_permutation(Perm.begin(), Perm.end()));
  P.linkByVectors();
  return P;
}

/// Factorizations: u ~ v when v moves one prime factor of one slot to
/// another; permutations: u ~ v when v swaps two entries.
void Param::linkByVectors() {
  std::map<std::vector<double>, uint32_t> Index;
  for (uint32_t I = 0; I < Raw.size(); ++I)
    Index.emplace(Raw[I], I);
  Adj.assign(Raw.size(), {});
  for (uint32_t I = 0; I < Raw.size(); ++I) {
    for (unsigned From = 0; From < Slots; ++From)
      for (unsigned To = 0; To < Slots; ++To) {
        if (From == To)
          continue;
        if (Kind == ParamKind::Permutation) {
          if (To < From)
            continue;
          std::vector<double> V = Raw[I];
          std::swap(V[From], V[To]);
          Adj[I].push_back(Index.at(V));
          continue;
        }
        for (uint64_t Z : Primes) {
          if (uint64_t(Raw[I][From]) % Z)
            continue;
          std::vector<double> V = Raw[I];
          V[From] = double(uint64_t(V[From]) / Z);
          V[To] = double(uint64_t(V[To]) * Z);
          Adj[I].push_back(Index.at(V));
        }
      }
    std::sort(Adj[I].begin(), Adj[I].end());
    Adj[I].erase(std::unique(Adj[I].begin(), Adj[I].end()), Adj[I].end());
  }
}

llvm::Expected<Param> Param::discrete(std::string Name, std::vector<double> Values) {
  if (Values.empty())
    return tuneError("discrete '" + Name + "' has no values");
  std::sort(Values.begin(), Values.end());
  if (std::adjacent_find(Values.begin(), Values.end()) != Values.end())
    return tuneError("discrete '" + Name + "' repeats a value");
  Param P(std::move(Name), ParamKind::Discrete);
  uint32_t N = uint32_t(Values.size());
  for (uint32_t I = 0; I < N; ++I) {
    double V = Values[I];
    if (V == std::floor(V) && std::fabs(V) < 9e15)
      P.Values.push_back(int64_t(V));
    else
      P.Values.push_back(V);
    P.Raw.push_back({V});
    P.Feat.push_back({N == 1 ? 0 : double(I) / (N - 1)});
    std::vector<uint32_t> A;
    if (I > 0)
      A.push_back(I - 1);
    if (I + 1 < N)
      A.push_back(I + 1);
    P.Adj.push_back(std::move(A));
  }
  return P;
}

llvm::Expected<Param> Param::categorical(std::string Name, std::vector<json> Values) {
  if (Values.empty())
    return tuneError("categorical '" + Name + "' has no values");
  Param P(std::move(Name), ParamKind::Categorical);
  uint32_t N = uint32_t(Values.size());
  for (uint32_t I = 0; I < N; ++I) {
    for (uint32_t J = 0; J < I; ++J)
      if (Values[J] == Values[I])
        return tuneError("categorical '" + P.Name + "' repeats a value");
    P.Raw.push_back({double(I)});
    P.Feat.push_back({N == 1 ? 0 : double(I) / (N - 1)});
    std::vector<uint32_t> A;
    for (uint32_t J = 0; J < N; ++J)
      if (J != I)
        A.push_back(J);
    P.Adj.push_back(std::move(A));
  }
  P.Values = std::move(Values);
  return P;
}

std::optional<uint32_t> Param::find(const json &V) const {
  for (uint32_t I = 0; I < Values.size(); ++I) {
    if (Values[I] == V)
      return I;
    if (Kind == ParamKind::Discrete && V.is_number() &&
        V.get<double>() == Raw[I][0])
      return I;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Space
//===----------------------------------------------------------------------===//

llvm::Error Space::add(llvm::Expected<Param> P) {
  if (!P)
    return P.takeError();
  if (indexOf(P->name()))
    return tuneError("parameter '" + P->name() + "' is defined twice");
  if (P->size() > 0 && Card > UINT64_MAX / 2 / P->size())
    return tuneError("the space is larger than 2^63 configs");
  Card *= P->size();
  Params.push_back(std::move(*P));
  return llvm::Error::success();
}

std::optional<size_t> Space::indexOf(const std::string &N) const {
  for (size_t I = 0; I < Params.size(); ++I)
    if (Params[I].name() == N)
      return I;
  return std::nullopt;
}

void Space::restrictTo(std::vector<uint64_t> Codes) {
  std::sort(Codes.begin(), Codes.end());
  Codes.erase(std::unique(Codes.begin(), Codes.end()), Codes.end());
  Members = std::move(Codes);
  MemberSet = std::unordered_set<uint64_t>(Members.begin(), Members.end());
}

uint64_t Space::encode(const Config &C) const {
  uint64_t Code = 0;
  for (size_t I = 0; I < Params.size(); ++I)
    Code = Code * Params[I].size() + C[I];
  return Code;
}

Config Space::decode(uint64_t Code) const {
  Config C(Params.size());
  for (size_t I = Params.size(); I-- > 0;) {
    C[I] = uint32_t(Code % Params[I].size());
    Code /= Params[I].size();
  }
  return C;
}

json Space::describe(const Config &C) const {
  json J = json::object();
  for (size_t I = 0; I < Params.size(); ++I)
    J[Params[I].name()] = Params[I].value(C[I]);
  return J;
}

std::optional<Config> Space::parse(const json &J) const {
  if (!J.is_object() || J.size() != Params.size())
    return std::nullopt;
  Config C(Params.size());
  for (size_t I = 0; I < Params.size(); ++I) {
    auto It = J.find(Params[I].name());
    if (It == J.end())
      return std::nullopt;
    auto V = Params[I].find(*It);
    if (!V)
      return std::nullopt;
    C[I] = *V;
  }
  return C;
}

namespace {
/// Each parameter's numbers Of its value in C, concatenated.
std::vector<double>
concatenated(const std::vector<Param> &Params, const Config &C,
             const std::vector<double> &(Param::*Of)(uint32_t) const) {
  std::vector<double> Out;
  for (size_t I = 0; I < Params.size(); ++I) {
    const auto &F = (Params[I].*Of)(C[I]);
    Out.insert(Out.end(), F.begin(), F.end());
  }
  return Out;
}
} // namespace

std::vector<double> Space::features(const Config &C) const {
  return concatenated(Params, C, &Param::features);
}

std::vector<double> Space::raw(const Config &C) const {
  return concatenated(Params, C, &Param::raw);
}

size_t Space::featureWidth() const {
  size_t W = 0;
  for (const Param &P : Params)
    W += P.width();
  return W;
}

Config Space::sample(Rng &R) const {
  if (!Members.empty())
    return decode(Members[R.below(Members.size())]);
  Config C(Params.size());
  for (size_t I = 0; I < Params.size(); ++I)
    C[I] = uint32_t(R.below(Params[I].size()));
  return C;
}

std::vector<Config> Space::oneParameterMoves(const Config &C) const {
  std::vector<Config> Out;
  forEachOneParameterMove(C, [&](const Config &M) { Out.push_back(M); });
  return Out;
}

std::vector<Config> Space::neighbours(const Config &C) const {
  std::vector<Config> Out;
  for (size_t I = 0; I < Params.size(); ++I)
    for (uint32_t V : Params[I].neighbours(C[I])) {
      Out.push_back(C);
      Out.back()[I] = V;
    }
  return Out;
}

Config Space::untiled() const {
  Config C(Params.size(), 0);
  for (size_t I = 0; I < Params.size(); ++I)
    if (Params[I].kind() == ParamKind::Factorization)
      C[I] = Params[I].size() - 1; // factorize() lists [C,1,...,1] last
  return C;
}

json Space::toJson() const {
  json Ps = json::array();
  for (const Param &P : Params) {
    json J = {{"name", P.name()}, {"kind", kindName(P.kind())}};
    if (P.kind() == ParamKind::Factorization)
      J["total"] = P.total(), J["slots"] = P.slots();
    else if (P.kind() == ParamKind::Permutation)
      J["n"] = P.total();
    else {
      J["values"] = json::array();
      for (uint32_t I = 0; I < P.size(); ++I)
        J["values"].push_back(P.value(I));
    }
    Ps.push_back(J);
  }
  return {{"name", Name}, {"params", Ps}, {"constraints", ConstraintJson}};
}

namespace {
/// One parameter of a space file; nlohmann::json's exceptions (a missing or
/// mistyped key) are the caller's to convert.
llvm::Expected<Param> paramFromJson(const json &P) {
  std::string Name = P.at("name"), Kind = P.at("kind");
  if (Kind == "factorization")
    return Param::factorization(Name, P.at("total").get<uint64_t>(),
                                P.at("slots").get<unsigned>());
  if (Kind == "permutation")
    return Param::permutation(Name, P.at("n").get<unsigned>());
  if (Kind == "discrete")
    return Param::discrete(Name, P.at("values").get<std::vector<double>>());
  if (Kind == "categorical")
    return Param::categorical(Name, P.at("values").get<std::vector<json>>());
  return tuneError("unknown parameter kind '" + Kind + "'");
}
} // namespace

llvm::Expected<Space> Space::fromJson(const json &J, const std::string &Where) {
  if (!J.is_object() || !J.contains("params") || !J["params"].is_array())
    return tuneError(Where + ": a space needs a \"params\" array");
  Space S;
  S.Name = J.value("name", std::string());
  try {
    for (const json &P : J["params"])
      if (llvm::Error E = S.add(paramFromJson(P)))
        return prefixed(Where, std::move(E));
    for (const json &C : J.value("constraints", json::array()))
      if (llvm::Error E = S.addConstraint(C))
        return prefixed(Where, std::move(E));
  } catch (const json::exception &E) {
    return tuneError(Where + ": bad parameter: " + E.what());
  }
  if (S.Params.empty())
    return tuneError(Where + ": the space has no parameters");
  return S;
}

llvm::Expected<Space> Space::load(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    return tuneError("cannot read '" + Path + "'");
  json J = json::parse(In, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded())
    return tuneError(Path + ": not valid JSON");
  return fromJson(J, Path);
}

//===----------------------------------------------------------------------===//
// q-random walk
//===----------------------------------------------------------------------===//

std::vector<double> walkDistribution(const Param &P, uint32_t Start, double Q,
                                     unsigned MaxSteps) {
  std::vector<double> Stop(P.size(), 0), Here(P.size(), 0), Next(P.size());
  Here[Start] = 1;
  for (unsigned Step = 0; Step < MaxSteps; ++Step) {
    std::fill(Next.begin(), Next.end(), 0);
    for (uint32_t U = 0; U < P.size(); ++U) {
      if (Here[U] == 0)
        continue;
      const auto &N = P.neighbours(U);
      double Go = N.empty() ? 0 : Q; // an isolated value stops for sure
      Stop[U] += Here[U] * (1 - Go);
      for (uint32_t V : N)
        Next[V] += Here[U] * Go / N.size();
    }
    Here.swap(Next);
  }
  for (uint32_t U = 0; U < P.size(); ++U)
    Stop[U] += Here[U];
  return Stop;
}

uint32_t randomWalk(const Param &P, uint32_t Start, double Q, Rng &R) {
  uint32_t U = Start;
  while (!P.neighbours(U).empty() && R.uniform() < Q)
    U = P.neighbours(U)[R.below(P.neighbours(U).size())];
  return U;
}

} // namespace gevo::evolve::tune
