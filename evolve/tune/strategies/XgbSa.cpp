//===- XgbSa.cpp - XGBoost cost model + simulated annealing (AutoTVM) ------===//
//
// As AutoTVM's XGBTuner: until the first fit, random configs; after every
// Plan results the booster is refit on all of them (features: the
// parameters' normalised features, targets fitness / max fitness, failures
// 0), and simulated annealing over the model (Parallel persistent chains,
// one random knob changed per step, temperature 1 -> 0 over Iters steps,
// stopping EarlyStop steps after the best set last changed) proposes the
// Plan best-predicted unvisited valid configs; each slot is a random fresh
// config with probability Eps instead. The model is XGBoost 1.7's (exact
// trees, rank:pairwise), grown by gevo's GradientBoost.h bit for bit
// (`booster 1`, the default) or by Debian's libxgboost through its C API
// (`booster 0`: one thread, a fixed seed; the same runs); runs are
// deterministic. One bound on its cost that AutoTVM does not have: from
// 704 results on the refits come after 0.1 x the results (not 64), on at
// most 1,000 of them (`refit-growth`, `train-max`), so a refit's cost per
// trial falls with the history instead of growing; runs of up to 704
// trials are AutoTVM's.
//
// xgb-ls, gevo-tune's default, is xgb-div plus: a failure classifier
// (binary:logistic, 30 rounds) trained beside a ranking of the configs that
// did not fail, so configs it gives under a 0.2 chance of success rank last
// (most of a Cartesian space fails; a cut of 0.5 kept good configs from
// plans, benchmarks/tuners section (m)); each plan led by the Local
// best-predicted configs one parameter (any value of it) or two parameters
// (each one step along its graph) away from the LocalTop best measured,
// which finds the optimum next to a good config the global plan missed (the
// two-parameter moves cross between basins that trade one parameter for
// another, such as threads per block for work per thread, section (m)), once
// the plan's fit saw `local-ok` 48 results that did not fail (before, the
// model's picks from the whole space find more of its basins than moves
// around the best of a few random configs: 66% to 74% of unrestricted GEMM's
// runs within 3%, section (o)); refits after max(plan, refit-growth x
// results) results (0.15: no run of up to 224 trials changes, and its cost
// stays under 0.1 ms a trial on MM1, benchmarks/tuners section (k)); on a
// space searched as a Cartesian product, restrictions learned from the
// results as rules (Restrictions.h, `rules` 2, `rule-chance` 0.001; the
// other variants: 0, off) at every refit, the configs that break one planned
// after all others (and scored only when the others do not fill the plan)
// and left out of the local moves; and the whole space scored only up to
// 8,192 valid configs, a kept pool of 6,144 beyond (as good on the families
// of benchmarks/tuners as the whole space or a pool of 8,192, at a fraction
// of the cost on GEMM, sections (l) and (o)), and of 2,048 on a space of
// over 100,000 (`large`, `large-pool`: as good as 8,192 there, section (j),
// at a quarter of the cost).
//
// xgb-div, gevo's tuned variant, differs in three options (and bounds its
// cost with refit-growth 0.1, train-max 1000 and a pool): a plan of 32;
// when the space has at most Exhaustive valid configs, the model scores
// all of them instead of annealing (the exact answer to what annealing
// searches for), and on a larger space a pool of Pool random configs kept
// across fits (annealing's 128 chains of up to 500 steps cost 10 times as
// much and found no more, benchmarks/tuners section (j)); and the plan is
// picked best first, skipping a config that differs from one already
// picked in fewer than Diversity parameters, so that one plan is not spent
// on a single basin the model believes in.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include "Restrictions.h"
#include "SortedPrefix.h"
#include "Surrogate.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace gevo::evolve::tune {
namespace {

/// xgb-sa's options (xgbOptions says what each is).
struct XgbOptions {
  size_t Plan;
  double Eps;
  unsigned Iters;
  size_t Parallel;
  unsigned EarlyStop, Rounds;
  bool Rank;
  uint64_t Exhaustive;
  size_t Diversity;
  size_t Local, LocalTop, LocalOk, Pool;
  bool LocalPairs;
  uint64_t Large;
  size_t LargePool;
  double Growth;
  bool Validity;
  float Cut;
  size_t TrainMax;
  unsigned UpdateRounds;
  bool Own;
  unsigned Pairs;
  size_t Rules;
  double RuleChance;
  bool RulesFirst;
};

class XgbSaTuner : public Tuner, XgbOptions {
public:
  XgbSaTuner(const Space &S, bool Hib, const XgbOptions &O)
      : Tuner(S, Hib), XgbOptions(O), UseRules(Rules != 0 && !S.restricted()),
        NextFit(Plan), Model(S, Own, Pairs), Valid(S, Own), Kept(S.size()), Moves(S.size()),
        Learned(S, Rules, RuleChance) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (History.size() >= NextFit) {
      FitAt = History.size();
      NextFit = nextFit();
      if (!UpdateRounds || FitAt >= 2 * LastFull)
        LastFull = FitAt, Boosts.clear();
      else
        Boosts.push_back(FitAt);
      fit(FitAt, !Boosts.empty());
      if (UseRules)
        learnRules();
      Trials.clear();
      if (validCount() <= Exhaustive)
        scoreAll();
      else if (poolSize())
        scorePool(R);
      else
        anneal(R);
      if (Local && succeeded(FitAt) >= LocalOk)
        polish();
    }
    // Never past the next refit, whatever the engine's batch size.
    N = std::min(N, NextFit - History.size());
    return claimPlanned(N, Trials, Model.ready(), Eps, R);
  }

private:
  /// Where the next refit is: Plan results on, or Growth x the results
  /// so far when that is more (a refit costs about the results it fits).
  size_t nextFit() const {
    return FitAt + std::max(Plan, size_t(Growth * double(FitAt)));
  }
  /// Configs planned per fit.
  size_t span() const { return NextFit - FitAt; }

  /// The ranking model on History[0, Upto) (with Validity: on the configs
  /// that did not fail, and a classifier of failing on all): a fresh fit,
  /// or with More UpdateRounds more rounds of the current models.
  void fit(size_t Upto, bool More) {
    std::vector<float> X, Y, XAll, Ok;
    double Max = 0;
    for (size_t I = 0; I < Upto; ++I)
      Max = std::max(Max, History[I].Fitness);
    for (size_t I : trainingRows(Upto)) {
      std::vector<double> F = S.features(S.decode(History[I].Code));
      if (Validity) {
        XAll.insert(XAll.end(), F.begin(), F.end());
        Ok.push_back(History[I].Fitness > 0);
        if (History[I].Fitness <= 0)
          continue;
      }
      X.insert(X.end(), F.begin(), F.end());
      Y.push_back(Max > 0 ? float(History[I].Fitness / Max) : 0.f);
    }
    bool Fails = Validity && Y.size() >= 1 && Y.size() < Ok.size();
    if (More && Model.ready()) {
      if (!Y.empty())
        Model.boost(X, Y, UpdateRounds);
      if (Fails && Valid.ready())
        Valid.boost(XAll, Ok, std::max(1u, UpdateRounds * ValidityRounds / Rounds));
      else if (Fails)
        Valid.fit(XAll, Ok, ValidityRounds, Surrogate::Loss::Classifier);
      return;
    }
    Model.reset();
    if (!Y.empty())
      Model.fit(X, Y, Rounds, Rank ? Surrogate::Loss::Rank : Surrogate::Loss::Regression);
    Valid.reset();
    if (Fails)
      Valid.fit(XAll, Ok, ValidityRounds, Surrogate::Loss::Classifier);
  }

  /// History[0, Upto), or with TrainMax the TrainMax / 2 best and the rest
  /// evenly spaced over the others (a fit costs about its rows), in order.
  std::vector<size_t> trainingRows(size_t Upto) const {
    std::vector<size_t> Rows(Upto);
    std::iota(Rows.begin(), Rows.end(), 0);
    if (!TrainMax || Upto <= TrainMax)
      return Rows;
    std::stable_sort(Rows.begin(), Rows.end(), [&](size_t A, size_t B) {
      return History[A].Fitness > History[B].Fitness;
    });
    size_t Best = TrainMax / 2, Rest = TrainMax - Best;
    std::vector<size_t> Out(Rows.begin(), Rows.begin() + Best);
    for (size_t K = 0; K < Rest; ++K)
      Out.push_back(Rows[Best + K * (Upto - Best) / Rest]);
    std::sort(Out.begin(), Out.end());
    return Out;
  }

  /// Relearns the restrictions from History[0, FitAt).
  void learnRules() {
    std::vector<Config> Ok, Failed;
    for (size_t I = 0; I < FitAt; ++I)
      (History[I].Fitness > 0 ? Ok : Failed).push_back(S.decode(History[I].Code));
    Learned.learn(Ok, Failed);
  }

  /// Cs's plan scores (planScore, once the classifier is ready).
  std::vector<float> score(const std::vector<Config> &Cs) const {
    std::vector<uint32_t> Flat;
    Flat.reserve(Cs.size() * S.size());
    for (const Config &C : Cs)
      Flat.insert(Flat.end(), C.begin(), C.end());
    std::vector<float> P = Model.predict(Flat.data(), Cs.size());
    if (Valid.ready()) {
      std::vector<float> Q = Valid.predict(Flat.data(), Cs.size());
      for (size_t I = 0; I < P.size(); ++I)
        P[I] = planScore(P[I], Q[I], Cut);
    }
    return P;
  }

  /// Fills Trials with the Plan best-predicted fresh valid configs.
  void anneal(Rng &R) {
    if (Points.empty())
      for (size_t I = 0; I < Parallel; ++I)
        Points.push_back(S.encode(S.sample(R)));
    std::vector<Config> P;
    for (uint64_t Code : Points)
      P.push_back(S.decode(Code));
    std::vector<float> Score = score(P);
    std::set<std::pair<float, uint64_t>> Top; // (score, -code) ascending
    size_t Keep = Diversity ? 8 * span() : span(); // candidates for pickPlan
    double Temp = 1, Cool = 1.0 / (Iters + 1);
    for (unsigned K = 0, Last = 0; K < Iters && K < Last + EarlyStop; ++K) {
      std::vector<Config> New = P;
      for (Config &C : New) {
        size_t J = R.below(S.size());
        if (S.param(J).size() > 1) {
          uint32_t V = uint32_t(R.below(S.param(J).size() - 1));
          C[J] = V >= C[J] ? V + 1 : V;
        }
      }
      std::vector<float> NewScore = score(New);
      for (size_t I = 0; I < P.size(); ++I) {
        double Accept = std::exp(std::min((NewScore[I] - Score[I]) / (Temp + 1e-5), 1.0));
        if (R.uniform() < Accept)
          P[I] = New[I], Score[I] = NewScore[I];
        uint64_t Code = S.encode(New[I]);
        if (seen(Code) || !S.satisfies(New[I]))
          continue;
        std::pair<float, uint64_t> Item{NewScore[I], ~Code};
        if (Top.count(Item) || (Top.size() >= Keep && !(Top.begin()->first < NewScore[I])))
          continue;
        Top.insert(Item);
        if (Top.size() > Keep)
          Top.erase(Top.begin());
        Last = K;
      }
      Temp -= Cool;
    }
    Points.clear();
    for (const Config &C : P)
      Points.push_back(S.encode(C));
    std::vector<std::pair<float, uint64_t>> Candidates;
    for (const auto &[Score, NotCode] : Top)
      Candidates.push_back({Score, ~NotCode});
    pickPlan(std::move(Candidates));
  }

  /// Trials := the Plan best-scored candidates (score, code), best first
  /// (ties: lower code first); with Diversity, first those that differ
  /// from every one picked before in at least Diversity parameters, then,
  /// if too few do, the best of the others. With Abiding, the candidates
  /// are only those that break no learned rule, and Trials is left empty
  /// (and false returned) unless they alone give the plan's picks of the
  /// first kind: then, as every other candidate ranks after them, the plan
  /// is the one all candidates would give. Abides, when given, says per
  /// candidate whether it breaks no learned rule (else it is tested here).
  bool pickPlan(std::vector<std::pair<float, uint64_t>> Candidates, bool Abiding = false,
                const std::vector<bool> *Abides = nullptr) {
    // Configs that break a learned rule: after every other, the
    // classifier's likely failures included.
    if (!Abiding && UseRules && !Learned.rules().empty())
      for (size_t I = 0; I < Candidates.size(); ++I)
        if (Abides ? !(*Abides)[I] : Learned.breaks(S.decode(Candidates[I].second)))
          Candidates[I].first -= 2e4f;
    // Best first, ties by code; read as far as the picks need (rarely
    // past the best 64 plans' worth).
    auto Before = [](const auto &A, const auto &B) {
      return A.first != B.first ? A.first > B.first : A.second < B.second;
    };
    size_t N = Candidates.size();
    SortedPrefix Ranked(std::move(Candidates), Before, std::max<size_t>(4096, 64 * span()));
    auto At = [&](size_t I) { return Ranked[I].second; };
    std::vector<Config> Picked;
    std::vector<bool> Taken(N);
    for (size_t I = 0; I < N && Picked.size() < span(); ++I) {
      Config C = S.decode(At(I));
      bool Near = std::any_of(Picked.begin(), Picked.end(), [&](const Config &P) {
        size_t D = 0;
        for (size_t J = 0; J < C.size(); ++J)
          D += C[J] != P[J];
        return D < Diversity;
      });
      if (!Near)
        Picked.push_back(C), Taken[I] = true, Trials.push_back(At(I));
    }
    if (Abiding && Picked.size() < span()) {
      Trials.clear();
      return false;
    }
    for (size_t I = 0; I < N && Trials.size() < span(); ++I)
      if (!Taken[I])
        Trials.push_back(At(I));
    return true;
  }

  /// Fills Trials from Kept's candidates. With learned rules, those that
  /// break none are scored first (on a Cartesian product most configs
  /// break one: 80% of GEMM's after its first refit), and the others only
  /// when those do not fill the plan (pickPlan's Abiding).
  void planKept() {
    if (!UseRules || Learned.rules().empty()) {
      pickPlan(Kept.scores(Model, Valid, Cut));
      return;
    }
    const std::vector<uint64_t> &Codes = Kept.codes();
    std::vector<bool> Abides(Codes.size());
    for (size_t I = 0; I < Codes.size(); ++I)
      Abides[I] = !Learned.breaks(S.decode(Codes[I]));
    if (RulesFirst && pickPlan(Kept.scores(Model, Valid, Cut, &Abides), true))
      return;
    // Every candidate, in Kept's order, as Abides.
    pickPlan(Kept.scores(Model, Valid, Cut), false, &Abides);
  }

  /// Puts before the plan the Local best-predicted fresh valid configs one
  /// parameter away (any value of it) from the LocalTop best measured,
  /// with LocalPairs also two parameters away (each one step along its
  /// graph; with rules: that break none).
  void polish() {
    std::vector<size_t> Order(History.size());
    std::iota(Order.begin(), Order.end(), 0);
    size_t Top = std::min(LocalTop, Order.size());
    std::partial_sort(Order.begin(), Order.begin() + Top, Order.end(), [&](size_t A, size_t B) {
      return History[A].Fitness != History[B].Fitness ? History[A].Fitness > History[B].Fitness
                                                      : A < B;
    });
    std::vector<Config> Near;
    std::vector<uint64_t> Codes;
    std::unordered_set<uint64_t> InNear;
    auto Consider = [&](const Config &C) {
      uint64_t Code = S.encode(C);
      if (!seen(Code) && S.satisfies(C) && !(UseRules && Learned.breaks(C)) &&
          InNear.insert(Code).second)
        Near.push_back(C), Codes.push_back(Code);
    };
    for (size_t I = 0; I < Top && History[Order[I]].Fitness > 0; ++I) {
      Config From = S.decode(History[Order[I]].Code);
      S.forEachOneParameterMove(From, Consider);
      if (LocalPairs)
        S.forEachAdjacentPairMove(From, Consider);
    }
    if (Near.empty())
      return;
    // Scored through Moves: the moves of the last fit that are still moves
    // keep their margins (the best configs rarely change between fits).
    Moves.dropIf([&](uint64_t Code) { return !InNear.count(Code); });
    for (size_t I = 0; I < Near.size(); ++I)
      if (!Moves.contains(Codes[I]))
        Moves.add(Codes[I], Near[I]);
    std::unordered_map<uint64_t, float> ScoreOf;
    for (const auto &[Sc, Code] : Moves.scores(Model, Valid, Cut))
      ScoreOf[Code] = Sc;
    std::vector<float> Score;
    for (uint64_t Code : Codes)
      Score.push_back(ScoreOf[Code]);
    std::vector<size_t> Idx = bestFirst(Score);
    std::vector<uint64_t> First;
    for (size_t I = 0; I < Idx.size() && First.size() < Local; ++I)
      First.push_back(Codes[Idx[I]]);
    std::set<uint64_t> Taken(First.begin(), First.end());
    for (uint64_t Code : Trials)
      if (!Taken.count(Code))
        First.push_back(Code);
    Trials.assign(First.begin(), First.end());
  }

  /// How many of History[0, Upto) did not fail.
  size_t succeeded(size_t Upto) const {
    return size_t(std::count_if(History.begin(), History.begin() + Upto,
                                [](const Record &H) { return H.Fitness > 0; }));
  }

  /// The kept pool's size: Pool, or with Large, LargePool on a space of
  /// more than Large valid configs (0: anneal).
  size_t poolSize() const { return Large && validCount() > Large ? LargePool : Pool; }

  /// Fills Trials from a pool of at most poolSize() fresh valid configs drawn at
  /// random and kept across fits (measured ones replaced by new draws): a
  /// bounded cost per fit, whatever the space's size.
  void scorePool(Rng &R) {
    Kept.dropIf([&](uint64_t Code) { return seen(Code); });
    size_t Pool = poolSize();
    for (size_t Try = 0; Kept.size() < Pool && Try < 4 * Pool; ++Try) {
      Config C = S.sample(R);
      uint64_t Code = S.encode(C);
      if (!seen(Code) && S.satisfies(C) && !Kept.contains(Code))
        Kept.add(Code, C);
    }
    planKept();
  }

  /// Configs that may be valid: the members, else the whole product.
  uint64_t validCount() const {
    return S.restricted() ? S.members().size() : S.cardinality();
  }

  /// Fills Trials with the Plan best-predicted fresh valid configs of the
  /// whole space, scored one by one (what annealing approximates). The
  /// valid configs are listed once per run.
  void scoreAll() {
    if (!Listed)
      for (uint64_t I = 0, N = validCount(); I < N; ++I) {
        uint64_t Code = S.restricted() ? S.members()[I] : I;
        Config C = S.decode(Code);
        if (S.satisfies(C))
          Kept.add(Code, C);
      }
    Listed = true;
    Kept.dropIf([&](uint64_t Code) { return seen(Code); });
    if (Kept.size())
      planKept();
  }

  nlohmann::json saveState() const override {
    return {{"fit_at", FitAt}, {"trials", Trials}, {"points", Points},
            {"last_full", LastFull}, {"boosts", Boosts},
            {"pool", Listed ? std::vector<uint64_t>() : Kept.codes()}};
  }
  void restoreState(const nlohmann::json &J) override {
    FitAt = J.at("fit_at");
    Trials = J.at("trials").get<std::deque<uint64_t>>();
    Points = J.at("points").get<std::vector<uint64_t>>();
    LastFull = J.at("last_full");
    Boosts = J.at("boosts").get<std::vector<size_t>>();
    for (uint64_t Code : J.at("pool").get<std::vector<uint64_t>>())
      Kept.add(Code, S.decode(Code));
    NextFit = FitAt > 0 ? nextFit() : Plan;
    Model.reset();
    Valid.reset();
    // The same data, one thread, fixed seeds: the same models.
    if (LastFull > 0)
      fit(LastFull, false);
    for (size_t B : Boosts)
      fit(B, true);
    // The rules are used only when planning, after they are relearned.
  }

  bool UseRules; // rules > 0 on a Cartesian product
  static constexpr unsigned ValidityRounds = 30;
  size_t FitAt = 0;            // History[0, FitAt) trained the model
  size_t NextFit;              // the next refit, when History reaches it
  std::deque<uint64_t> Trials; // the annealer's plan, best first
  std::vector<uint64_t> Points;
  size_t LastFull = 0;       // the last fresh fit was on History[0, LastFull),
  std::vector<size_t> Boosts; // and boosts since, on History[0, each)
  Surrogate Model, Valid; // the ranking; with Validity, the failure classifier
  KeptCandidates Kept;    // scoreAll: the valid configs; scorePool: the pool
  KeptCandidates Moves;   // polish: the last moves scored
  bool Listed = false;    // Kept holds every valid config
  Restrictions Learned;   // with UseRules: learned at every refit
};

/// The defaults of one variant.
struct XgbDefaults {
  double Plan = 64, Exhaustive = 0, Diversity = 0, Local = 0, Pool = 0, Growth = 0,
         Validity = 0, Rules = 0, RuleChance = 0.01, TrainMax = 0, Own = 1, Update = 0,
         Pairs = 1, Large = 0, LargePool = 0, LocalPairs = 0, Cut = 0.5, LocalOk = 0;
};
std::vector<BoundOption<XgbOptions>> xgbOptions(const XgbDefaults &D) {
  using O = XgbOptions;
  return {{"plan", &O::Plan, D.Plan, {1, 1e6},
           "results between refits, and configs planned per fit"},
          {"eps", &O::Eps, 0.05, {0, 1}, "probability a slot is a random fresh config"},
          {"sa-iters", &O::Iters, 500, {1, 1e7}, "most annealing steps"},
          {"sa-parallel", &O::Parallel, 128, {1, 1e6}, "annealing chains"},
          {"sa-early-stop", &O::EarlyStop, 50, {1, 1e7},
           "stop this many steps after the plan last changed"},
          {"rounds", &O::Rounds, 100, {1, 1e5}, "boosting rounds per fit"},
          {"rank", &O::Rank, 1, {0, 1}, "1: rank:pairwise loss (AutoTVM's default), 0: regression"},
          {"exhaustive", &O::Exhaustive, D.Exhaustive, {0, 1e9},
           "score every valid config instead of annealing when there are at most this many"},
          {"diversity", &O::Diversity, D.Diversity, {0, 1e6},
           "planned configs differ pairwise in at least this many parameters"},
          {"local", &O::Local, D.Local, {0, 1e6},
           "planned first: the best-predicted configs one parameter (or with "
           "local-pairs two) away from the best measured"},
          {"local-top", &O::LocalTop, 3, {1, 1e6},
           "how many of the best measured configs local searches around"},
          {"local-ok", &O::LocalOk, D.LocalOk, {0, 1e9},
           "local moves only in plans fit on at least this many results that "
           "did not fail (before: the model's best picks from the whole space)"},
          {"local-pairs", &O::LocalPairs, D.LocalPairs, {0, 1},
           "1: the local moves also change two parameters, each to a "
           "neighbouring value (e.g. more threads and less work per thread)"},
          {"pool", &O::Pool, D.Pool, {0, 1e9},
           "on a space of more than `exhaustive` valid configs, score a pool of "
           "at most this many random fresh configs, kept across fits, instead "
           "of annealing (0: anneal)"},
          {"large", &O::Large, D.Large, {0, 1e12},
           "a space of more than this many valid configs is large: there the "
           "pool holds `large-pool` configs instead (0: none is)"},
          {"large-pool", &O::LargePool, D.LargePool, {0, 1e9},
           "the pool on a large space (0: anneal)"},
          {"refit-growth", &O::Growth, D.Growth, {0, 10},
           "refit after max(plan, this x results so far) results"},
          {"validity", &O::Validity, D.Validity, {0, 1},
           "1: rank only configs that did not fail, and plan first the configs a "
           "classifier (30 rounds) predicts will not fail"},
          {"valid-cut", &O::Cut, D.Cut, {0, 1},
           "validity: configs the classifier gives less chance of success "
           "plan last"},
          {"train-max", &O::TrainMax, D.TrainMax, {0, 1e9},
           "fit on at most this many results: the best half, the rest spread "
           "over the others (0: all)"},
          {"booster", &O::Own, D.Own, {0, 1},
           "1: gevo's own boosted trees, XGBoost 1.7's exact trees bit for bit "
           "without its C API's cost per call; 0: XGBoost through its C API "
           "(the same runs with Debian's libxgboost)"},
          {"pairs", &O::Pairs, D.Pairs, {1, 100},
           "booster 1, rank 1: pairs drawn per result and round (XGBoost's "
           "num_pairsample; each weighs 1 / pairs)"},
          {"update-rounds", &O::UpdateRounds, D.Update, {0, 1e5},
           "a refit adds this many rounds on all results to the model (the "
           "classifier a share of its 30) and a fresh fit comes only once the "
           "results have doubled since the last (0: every refit is fresh)"},
          {"rules", &O::Rules, D.Rules, {0, 1000},
           "k > 0, on a space searched as a Cartesian product: learn "
           "restrictions as rules (a % b == 0, a % (b*c) == 0, a >= b, a*b "
           "bounded) that every valid result satisfies and at least k failed "
           "ones break, and plan last the configs that break one (0: off)"},
          {"rule-chance", &O::RuleChance, D.RuleChance, {0, 1},
           "rules: keep a rule only if the valid results would all satisfy it "
           "by chance with at most this probability (p^valid, p its share of "
           "value combinations)"},
          {"rules-first", &O::RulesFirst, 1, {0, 1},
           "rules: score the candidates that break no rule first, the others "
           "only if those do not fill the plan (the same plans, cheaper); 0: "
           "score every candidate"}};
}

/// xgb-sa's defaults: AutoTVM's, with refits spaced and bounded beyond
/// 704 results.
XgbDefaults saDefaults() {
  XgbDefaults D;
  D.Growth = 0.1, D.TrainMax = 1000;
  return D;
}
/// xgb-div's: xgb-sa's with a plan of 32, whole-space scoring (a pool
/// beyond) and diverse plans.
XgbDefaults divDefaults() {
  XgbDefaults D = saDefaults();
  D.Plan = 32, D.Exhaustive = 100000, D.Pool = 2048, D.Diversity = 3;
  return D;
}
/// xgb-ls's: xgb-div's with the failure classifier, local moves (of one
/// parameter and of adjacent pairs), learned rules, refits after 0.15 x
/// results and pools by the space's size.
XgbDefaults lsDefaults() {
  XgbDefaults D = divDefaults();
  D.Validity = 1, D.Local = 24, D.LocalOk = 48, D.LocalPairs = 1, D.Rules = 2,
  D.RuleChance = 0.001;
  D.Growth = 0.15, D.Cut = 0.2;
  D.Exhaustive = 8192, D.Pool = 6144, D.Large = 100000, D.LargePool = 2048;
  return D;
}

/// The registry entry of one xgb variant: its defaults and batch size.
StrategyInfo xgbStrategy(std::string Name, std::string Help, const XgbDefaults &D, size_t Batch) {
  return boundStrategy<XgbSaTuner, XgbOptions>(std::move(Name), std::move(Help), xgbOptions(D),
                                               Batch);
}
} // namespace

const StrategyInfo &infoXgbSa() {
  static const StrategyInfo I = xgbStrategy(
      "xgb-sa",
      "AutoTVM-style XGBoost cost model + simulated annealing: refit every "
      "plan results, anneal a plan of unvisited configs, eps random (beyond "
      "704 trials refits every 0.1 x results, on at most 1,000)",
      saDefaults(), 64);
  return I;
}

const StrategyInfo &infoXgbDiv() {
  static const StrategyInfo I = xgbStrategy(
      "xgb-div",
      "gevo's tuned xgb-sa: refit every 32 results (0.1 x the results "
      "beyond 320, on at most 1,000 of them), score every valid config "
      "when there are at most 100,000 (else a kept pool of 2,048 random "
      "ones), and plan configs that differ pairwise in at least 3 parameters",
      divDefaults(), 32);
  return I;
}

const StrategyInfo &infoXgbLs() {
  static const StrategyInfo I = xgbStrategy(
      "xgb-ls",
      "gevo-tune's default, chosen across families (benchmarks/tuners): "
      "xgb-div with a failure classifier beside the ranking (likely "
      "failures, under a 0.2 chance, planned last), each plan fit on 48 "
      "successes or more led by the 24 best-predicted moves from the 3 best "
      "measured configs (one parameter to any value, or two to neighbouring "
      "values), refits every max(32, "
      "0.15 x results), scores every valid config up to 8,192 (else a kept "
      "pool of 6,144 random ones, of 2,048 beyond 100,000); on a Cartesian "
      "product, configs that break restrictions learned as rules last",
      lsDefaults(), 32);
  return I;
}

} // namespace gevo::evolve::tune
