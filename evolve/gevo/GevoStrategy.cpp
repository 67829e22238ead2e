//===- GevoStrategy.cpp - GEVO's generations as ask/tell ------------------===//
//
// A generation is a set of slots, one per individual to produce. ask()
// proposes one attempt for every open slot; tell() settles them: a valid
// attempt fills its slot (or, in the initial population, takes one of its
// InitDist steps), an invalid one is retried with fresh draws, and after
// MaxRetries failures the slot keeps its parent. When every slot is filled,
// elites plus offspring go through NSGA-II survival.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/Gevo.h"

#include <cstdio>
#include <string>

namespace gevo::evolve {

llvm::Error GevoParams::validate() const {
  auto Bad = [](const std::string &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  };
  auto Rate = [&](const char *Field, double V) -> llvm::Error {
    if (V >= 0 && V <= 1)
      return llvm::Error::success();
    char Msg[96];
    std::snprintf(Msg, sizeof(Msg), "`%s` must be in [0, 1], got %g", Field, V);
    return Bad(Msg);
  };
  if (PopSize < 2)
    return Bad("`pop` must be at least 2, got " + std::to_string(PopSize));
  if (llvm::Error E = Rate("crossover_rate", CrossRate))
    return E;
  if (llvm::Error E = Rate("mutation_rate", MutateRate))
    return E;
  return Rate("elite_fraction", EliteFraction);
}

GevoStrategy::GevoStrategy(const GevoParams &Params) : P(Params) {
  llvm::cantFail(P.validate(), "GevoStrategy needs parameters that validate");
}

std::vector<size_t> GevoStrategy::front() const {
  std::vector<Objectives> Objs;
  for (const Member &M : Pop)
    Objs.push_back(M.Obj);
  auto Fronts = nonDominatedSort(Objs);
  return Fronts.empty() ? std::vector<size_t>{} : Fronts[0];
}

Variant GevoStrategy::attempt(Slot &S, Rng &R) const {
  Variant V;
  if (S.MutationsLeft || !S.Parent2) {
    V.Edits = S.Parent.V.Edits;
  } else {
    auto Children = messyCrossover(S.Parent.V.Edits, S.Parent2->V.Edits, R);
    V.Edits = S.Part ? Children.second : Children.first;
  }
  if (S.Mutate)
    V.MutationSeed = R.engine()();
  return V;
}

void GevoStrategy::settle(Slot &S, const Variant &Tried,
                          const Evaluation &E) const {
  bool Ok = E.S == Status::Ok;
  if (S.MutationsLeft) { // a step of the initial population
    if (Ok) {
      S.Parent = {Tried, E.Objectives};
    } else if (++S.Retries <= P.MaxRetries) {
      return;
    }
    S.Retries = 0;
    if (--S.MutationsLeft)
      return;
    // Done; a variant with no valid step yet (the base, which passes its
    // tests) gets measured as it is.
    S.Mutate = false;
    if (!S.Parent.Obj.empty())
      S.Result = S.Parent;
    return;
  }
  if (Ok)
    S.Result = Member{Tried, E.Objectives};
  else if (++S.Retries > P.MaxRetries)
    S.Result = S.Parent; // keeps its parent
}

void GevoStrategy::startGeneration(Rng &R) {
  std::vector<Objectives> Objs;
  for (const Member &M : Pop)
    Objs.push_back(M.Obj);
  Ranking Rk = rank(Objs);
  Elites.clear();
  for (size_t I : selectBest(Rk, size_t(P.PopSize * P.EliteFraction)))
    Elites.push_back(Pop[I]);
  std::vector<size_t> Parents;
  for (size_t I = 0; I < P.PopSize; ++I)
    Parents.push_back(crowdedTournament(Rk, R));
  Slots.assign(P.PopSize, Slot());
  for (size_t I = 0; I < P.PopSize; ++I) {
    Slot &S = Slots[I];
    S.Parent = Pop[Parents[I]];
    size_t Mate = I ^ 1; // pairs (0,1), (2,3), ...
    if (I % 2 == 0 && Mate < P.PopSize && R.uniform() < P.CrossRate) {
      S.Cross = Slots[Mate].Cross = true;
      S.Parent2 = Pop[Parents[Mate]];
    } else if (I % 2 == 1 && S.Cross) {
      S.Parent2 = Pop[Parents[Mate]];
      S.Part = 1;
    }
  }
  for (Slot &S : Slots) {
    S.Mutate = R.uniform() < P.MutateRate;
    if (!S.Cross && !S.Mutate)
      S.Result = S.Parent;
  }
}

void GevoStrategy::finishGeneration() {
  std::vector<Member> All = Elites;
  for (Slot &S : Slots)
    All.push_back(std::move(*S.Result));
  std::vector<Objectives> Objs;
  for (const Member &M : All)
    Objs.push_back(M.Obj);
  std::vector<Member> Next;
  for (size_t I : selectBest(rank(Objs), P.PopSize))
    Next.push_back(All[I]);
  Pop = std::move(Next);
  Slots.clear();
  Elites.clear();
  if (Started)
    ++Generation;
  Started = true;
}

std::vector<Variant> GevoStrategy::ask(size_t N, Rng &R) {
  std::vector<Variant> Out;
  InFlight.clear();
  while (Out.empty()) {
    if (Slots.empty()) {
      if (Started && P.Generations && Generation >= P.Generations)
        return Out;
      if (Pop.empty()) {
        Slots.assign(P.PopSize, Slot());
        for (Slot &S : Slots) {
          S.MutationsLeft = P.InitDist;
          S.Mutate = P.InitDist > 0;
        }
      } else {
        startGeneration(R);
      }
    }
    for (size_t I = 0; I < Slots.size() && Out.size() < N; ++I) {
      if (Slots[I].Result)
        continue;
      Out.push_back(attempt(Slots[I], R));
      InFlight.push_back(I);
    }
    if (Out.empty())
      finishGeneration(); // every slot kept its parent
  }
  Attempts += Out.size();
  return Out;
}

void GevoStrategy::tell(const std::vector<Variant> &Asked,
                        const std::vector<Evaluation> &Results) {
  for (size_t I = 0; I < Asked.size(); ++I) {
    Valid += Results[I].S == Status::Ok;
    settle(Slots[InFlight[I]], Asked[I], Results[I]);
  }
  InFlight.clear();
  for (const Slot &S : Slots)
    if (!S.Result)
      return;
  if (!Slots.empty())
    finishGeneration();
}

nlohmann::json GevoStrategy::slotToJson(const Slot &S) {
  auto MemberJson = [](const Member &M) {
    return nlohmann::json{{"variant", variantToJson(M.V)}, {"obj", M.Obj}};
  };
  nlohmann::json J = {{"parent", MemberJson(S.Parent)}, {"part", S.Part},
                      {"cross", S.Cross},               {"mutate", S.Mutate},
                      {"left", S.MutationsLeft},        {"retries", S.Retries}};
  if (S.Parent2)
    J["parent2"] = MemberJson(*S.Parent2);
  if (S.Result)
    J["result"] = MemberJson(*S.Result);
  return J;
}

namespace {
Member memberFromJson(const nlohmann::json &J) {
  return {variantFromJson(J.at("variant")),
          J.at("obj").get<std::vector<double>>()};
}
nlohmann::json membersToJson(const std::vector<Member> &Ms) {
  nlohmann::json A = nlohmann::json::array();
  for (const Member &M : Ms)
    A.push_back({{"variant", variantToJson(M.V)}, {"obj", M.Obj}});
  return A;
}
std::vector<Member> membersFromJson(const nlohmann::json &A) {
  std::vector<Member> Ms;
  for (const nlohmann::json &J : A)
    Ms.push_back(memberFromJson(J));
  return Ms;
}
} // namespace

GevoStrategy::Slot GevoStrategy::slotFromJson(const nlohmann::json &J) {
  Slot S;
  S.Parent = memberFromJson(J.at("parent"));
  S.Part = J.at("part");
  S.Cross = J.at("cross");
  S.Mutate = J.at("mutate");
  S.MutationsLeft = J.at("left");
  S.Retries = J.at("retries");
  if (J.contains("parent2"))
    S.Parent2 = memberFromJson(J["parent2"]);
  if (J.contains("result"))
    S.Result = memberFromJson(J["result"]);
  return S;
}

nlohmann::json GevoStrategy::save() const {
  nlohmann::json Slots_ = nlohmann::json::array();
  for (const Slot &S : Slots)
    Slots_.push_back(slotToJson(S));
  return {{"population", membersToJson(Pop)}, {"elites", membersToJson(Elites)},
          {"slots", Slots_},                  {"generation", Generation},
          {"started", Started},               {"attempts", Attempts},
          {"valid", Valid}};
}

void GevoStrategy::restore(const nlohmann::json &J) {
  Pop = membersFromJson(J.at("population"));
  Elites = membersFromJson(J.at("elites"));
  Slots.clear();
  for (const nlohmann::json &S : J.at("slots"))
    Slots.push_back(slotFromJson(S));
  Generation = J.at("generation");
  Started = J.at("started");
  Attempts = J.at("attempts");
  Valid = J.at("valid");
  InFlight.clear();
}

} // namespace gevo::evolve
