//===- Finish.cpp - The end of a GEVO run: validate, minimise, explain ----===//
//
// Order: the best variant of the front is minimised (delta debugging on the
// evolution cases); the front, the minimised variant and the base are then
// run on the held-out cases ValidateRepeat times, interleaved, so their
// times are medians taken under the same conditions; the final best is the
// minimised variant if it passes held-out validation, else the best front
// member that does. A tests dir without held-out cases has the same done on
// its evolution cases, and the summary says that nothing was held out. Its
// edits are ablated one by one and described, and best/ gets its IR, PTX,
// edit list and diff against the base.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/GevoRun.h"
#include "gevo/evolve/Report.h"
#include "gevo/evolve/SourceDiff.h"
#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/Targets.h"
#include "gevo/support/Stats.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace gevo::evolve {

struct GevoRun::Validated {
  explicit Validated(std::vector<Edit> E = {}) : Edits(std::move(E)) {}
  std::vector<Edit> Edits;
  Status S = Status::Ok;
  std::string Message;
  double Error = 0;
  std::vector<double> Costs; ///< one per round
  /// Per held-out case (by name, in the spec's order): one cost per round.
  std::vector<std::pair<std::string, std::vector<double>>> CaseCosts;
  double cost() const { return Costs.empty() ? 0 : median(Costs); }
};

namespace {
nlohmann::json editsJson(const std::vector<Edit> &Edits) {
  nlohmann::json A = nlohmann::json::array();
  for (const Edit &E : Edits)
    A.push_back(printEdit(E));
  return A;
}

/// Whether the costs of Faster's rounds of validation all beat every round
/// of Slower's (interleaved rounds: a claim no round contradicts).
bool beyondNoise(const std::vector<double> &Faster,
                 const std::vector<double> &Slower) {
  if (Faster.empty() || Slower.empty())
    return false;
  return *std::max_element(Faster.begin(), Faster.end()) <
         *std::min_element(Slower.begin(), Slower.end());
}
} // namespace

nlohmann::json GevoRun::measuredOn() const {
  nlohmann::json J = {{"target", Config.Target},
                      {"objective", costKindName(Config.Objective.Cost)}};
  if (Config.Target == "cpu")
    return J;
  J["gpu"] = Eval->gpu();
  J["gate"] = Config.Gate;
  EvalOptions Rule; // the run's timing rule is the Evaluator's default
  J["timing"] = {{"warm_up_runs", 1},
                 {"min_runs", std::max(Config.Repeat, Rule.GpuMinRuns)},
                 {"max_runs", Rule.GpuMaxRuns},
                 {"ci_target_pct", 100 * Rule.GpuCiTarget},
                 {"base_every", Evaluator::BaseEvery}};
  nlohmann::json Base = nlohmann::json::array();
  for (const CaseEval &C : Eval->base().Cases)
    Base.push_back({{"name", C.Name},
                    {"time_ms", C.Seconds * 1e3},
                    {"runs", C.Runs},
                    {"ci_pct", 100 * C.Spread}});
  J["base_cases"] = Base;
  return J;
}

std::vector<GevoRun::Validated>
GevoRun::validate(const std::vector<Member> &Front,
                  const std::vector<Edit> &Minimised) {
  std::vector<Validated> Cands(1);
  for (const Member &M : Front)
    Cands.emplace_back(M.V.Edits);
  Cands.emplace_back(Minimised);
  std::vector<std::string> Bitcode;
  for (Validated &C : Cands) {
    Variant V{C.Edits, std::nullopt};
    Bitcode.push_back(Builder->build(V).Payload);
  }
  for (unsigned Round = 0; Round < Config.ValidateRepeat; ++Round) {
    std::vector<VariantEval> Evals = Eval->evaluate(Bitcode, holdsOut());
    for (size_t I = 0; I < Cands.size(); ++I) {
      Evaluation J = Problem->judge(Evals[I]);
      if (Cands[I].S == Status::Ok && J.S != Status::Ok) {
        Cands[I].S = J.S;
        Cands[I].Message = J.Message;
      }
      Cands[I].Error = std::max(Cands[I].Error, Evals[I].Error);
      Cands[I].Costs.push_back(Problem->cost(Evals[I]));
      auto &PerCase = Cands[I].CaseCosts;
      for (size_t K = 0; K < Evals[I].Cases.size(); ++K) {
        const CaseEval &Case = Evals[I].Cases[K];
        if (PerCase.size() <= K)
          PerCase.push_back({Case.Name, {}});
        PerCase[K].second.push_back(Problem->caseCost(Case));
      }
    }
  }
  return Cands;
}

nlohmann::json GevoRun::heldOutJson(nlohmann::json J) const {
  J["held_out"] = holdsOut();
  J["drawn_cases"] = Drawn;
  return J;
}

nlohmann::json GevoRun::heldOutJson(const Validated &C,
                                    const Validated &Base) const {
  double BaseHeld = Base.cost();
  nlohmann::json J =
      heldOutJson({{"status", statusName(C.S)},
                   {"message", C.Message},
                   {"error", C.Error},
                   {"cost", C.cost()},
                   {"speedup", C.cost() > 0 ? BaseHeld / C.cost() : 0.0},
                   {"outside_noise", beyondNoise(C.Costs, Base.Costs)}});
  // Per case, where both ran it to the end (a fault has no cost).
  nlohmann::json Cases = nlohmann::json::array();
  for (size_t K = 0; K < C.CaseCosts.size() && K < Base.CaseCosts.size(); ++K) {
    double Own = median(C.CaseCosts[K].second),
           Was = median(Base.CaseCosts[K].second);
    if (Own > 0 && Was > 0)
      Cases.push_back({{"name", C.CaseCosts[K].first}, {"speedup", Was / Own}});
  }
  if (!Cases.empty())
    J["cases"] = std::move(Cases);
  return J;
}

Error GevoRun::summariseBest(const Validated &C, bool Minimised,
                             const Validated &BaseHeld,
                             nlohmann::json &Summary) {
  EditListScorer Score = Problem->scorer();
  std::vector<std::optional<Objectives>> Own = Score({C.Edits});
  Objectives Obj = Own[0].value_or(Objectives{});
  nlohmann::json Best = {{"edits", editsJson(C.Edits)},
                         {"objectives", Obj},
                         {"minimised", Minimised}};
  std::vector<std::string> Desc;
  nlohmann::json Abl = nlohmann::json::array();
  for (const Ablation &A : ablate(C.Edits, Score)) {
    Desc.push_back(describeEdit(*Base, A.E));
    Abl.push_back(A.Without ? nlohmann::json(*A.Without) : nlohmann::json());
  }
  Best["descriptions"] = Desc;
  Best["ablation"] = Abl;
  Summary["best"] = Best;
  Summary["best_speedup"] = Obj.empty() ? 0.0 : BaseObj[0] / Obj[0];
  Summary["heldout"] = heldOutJson(C, BaseHeld);
  if (Error E = writeBest(C.Edits, Summary))
    return E;
  if (!FinalCheck)
    return Error::success();
  nlohmann::json Check = FinalCheck(Dir->file("best/kernel.edits"));
  if (Check.value("finding", false)) {
    Summary["best"]["demoted"] = true;
    Summary["heldout"]["status"] = "demoted";
    Summary["heldout"]["message"] = Check.value("message", "");
    Summary["best_speedup"] = 1.0;
  }
  Summary["final_check"] = std::move(Check);
  return Error::success();
}

nlohmann::json GevoRun::timeShares() const {
  const TimeShares &T = Eng->timeShares();
  KernelProblem::Costs K = Problem->costs();
  auto PerVariant = [&](double Seconds) {
    return K.Measured ? 1e3 * Seconds / K.Measured : 0;
  };
  return {
      {"wall_s", T.Wall},
      {"strategy_s", T.Strategy},
      {"prepare_s", T.Prepare},
      {"measure_s", T.Measure},
      {"engine_s", T.Engine},
      {"callbacks_s", T.Callbacks},
      {"prepare_ms_per_candidate",
       K.Prepared ? 1e3 * K.PrepareSeconds / K.Prepared : 0},
      {"jit_ms_per_variant", PerVariant(K.JitSeconds)},
      {"kernel_ms_per_variant", PerVariant(K.KernelSeconds)},
      // This process's own work: a resumed run's earlier evaluations are
      // not in its wall time.
      {"evaluations_per_s",
       T.Wall > 0 ? (Eng->evaluations() - SessionEvals) / T.Wall : 0}};
}

Expected<nlohmann::json> GevoRun::finish() {
  std::vector<Member> Front = front();
  if (Front.size() > Config.ValidateMax)
    Front.resize(Config.ValidateMax);

  // Minimise the best; time objectives are noisy, so allow 2% slack.
  std::vector<Edit> Evolved = Front.empty() ? std::vector<Edit>{} : Front[0].V.Edits;
  std::vector<Edit> Minimised = Evolved;
  if (Config.Minimise && !Evolved.empty())
    Minimised = minimiseEdits(
        Evolved, Front[0].Obj, Problem->scorer(),
        Config.Objective.Cost == CostKind::Time ? 0.02 : 0.0);

  // Held-out validation: the base, the front, the minimised variant.
  std::vector<Validated> Cands = validate(Front, Minimised);
  size_t MinIndex = Cands.size() - 1;
  std::vector<HeldOutResult> Held;
  for (const Validated &C : Cands)
    Held.push_back({C.S == Status::Ok, C.cost()});
  Held[MinIndex].Passed &= !Minimised.empty(); // else it is the base again
  std::optional<size_t> Final = chooseFinal(Held, MinIndex);

  nlohmann::json Validation = nlohmann::json::array();
  for (size_t I = 1; I < MinIndex; ++I)
    Validation.push_back(heldOutJson(Cands[I], Cands[0]));
  if (Error E = writePareto(Validation))
    return E;

  // The summary: the base, what evolved, what was kept and why.
  nlohmann::json Summary;
  uint64_t Instructions = 0;
  for (const Function &F : *Base)
    Instructions += F.getInstructionCount();
  Summary["base"] = {{"objectives", BaseObj},
                     {"instructions", Instructions},
                     {"heldout", heldOutJson(Cands[0], Cands[0])}};
  Summary["evolved"] = {{"edits", editsJson(Evolved)}};
  std::vector<std::string> Descriptions;
  for (const Edit &E : Evolved)
    Descriptions.push_back(describeEdit(*Base, E));
  Summary["evolved"]["descriptions"] = Descriptions;
  if (Front.empty())
    Summary["heldout"] = heldOutJson({{"status", "no variant"}});
  else if (!Final)
    Summary["heldout"] = heldOutJson(
        {{"status", "none passed"}, {"best", heldOutJson(Cands[1], Cands[0])}});
  else if (Error E = summariseBest(Cands[*Final], *Final == MinIndex,
                                   Cands[0], Summary))
    return E;
  Summary["measured_on"] = measuredOn();
  Summary["evaluations"] = Eng->evaluations();
  Summary["generations"] = Strategy->generation();
  Summary["cache_hits"] = Eng->cacheHits();
  Summary["hypervolume"] = frontHypervolume(front());
  Summary["time_shares"] = timeShares();
  if (Error E = Dir->writeFile("summary.json", Summary.dump(2) + "\n"))
    return E;
  Expected<std::string> Html = renderReport(*Dir);
  if (!Html)
    return Html.takeError();
  if (Error E = Dir->writeFile("report.html", *Html))
    return E;
  return Summary;
}

Error GevoRun::writeBest(const std::vector<Edit> &Edits, nlohmann::json &Summary) {
  LLVMContext C;
  std::unique_ptr<Module> M = Builder->materialize({Edits, std::nullopt}, C);
  M->setModuleIdentifier(Base->getModuleIdentifier()); // a diff of code only
  std::string Text;
  raw_string_ostream OS(Text);
  M->print(OS, nullptr);
  if (Error E = Dir->writeFile("best/kernel.ll", Text))
    return E;
  if (Error E = Dir->writeFile("best/kernel.edits", printEdits(Edits)))
    return E;
  if (Error E = Dir->writeFile(
          "best/kernel.diff",
          sourceDiff(*Base, *M, "base.ll", "best/kernel.ll")))
    return E;
  // What the run's GPU target loads; on the cpu target, PTX for NVIDIA GPUs.
  std::string File = "best/kernel.ptx";
  Expected<std::string> Image = [&]() -> Expected<std::string> {
    if (const GpuTarget *T = findGpuTarget(Config.Target)) {
      File = std::string("best/kernel.") + T->ImageSuffix;
      return T->Lower(*M, Config.Arch);
    }
    std::optional<CudaToolkit> Cuda = findCudaToolkit();
    if (!Cuda || Cuda->Libdevice.empty())
      return createStringError("no CUDA toolkit (libdevice) found");
    PtxOptions PO;
    PO.LibdevicePath = Cuda->Libdevice;
    return lowerToPTX(*M, PO);
  }();
  if (!Image) {
    Summary["image"] = "not written: " + toString(Image.takeError());
    return Error::success();
  }
  Summary["image"] = File;
  return Dir->writeFile(File, *Image);
}

Error GevoRun::writePareto(const nlohmann::json &Validation) {
  nlohmann::json Front = nlohmann::json::array();
  size_t I = 0;
  for (const Member &M : front()) {
    nlohmann::json J = {{"edits", editsJson(M.V.Edits)},
                        {"objectives", M.Obj},
                        {"error", M.Obj.size() > 1 ? M.Obj[1] : 0.0},
                        {"speedup", BaseObj[0] / M.Obj[0]}};
    if (Validation.is_array() && I < Validation.size())
      J["heldout"] = Validation[I];
    ++I;
    Front.push_back(std::move(J));
  }
  nlohmann::json P = {
      {"objective", costKindName(Config.Objective.Cost)},
      {"base", {{"objective", BaseObj[0]}, {"objectives", BaseObj}}},
      {"front", Front}};
  return Dir->writeFile("pareto.json", P.dump(2) + "\n");
}

} // namespace gevo::evolve
