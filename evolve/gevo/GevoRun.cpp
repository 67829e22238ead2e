//===- GevoRun.cpp - Start, evolve, checkpoint and resume a GEVO run ------===//

#include "gevo/evolve/GevoRun.h"
#include "gevo/evolve/Hypervolume.h"
#include "gevo/evolve/Remote.h"
#include "gevo/evolve/Report.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/TargetDevice.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"
#include "gevo/support/Stats.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>

using namespace llvm;

namespace gevo::evolve {

namespace {
Error runError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string textOf(const Module &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  return Text;
}

std::string duration(double S) {
  char Buf[32];
  if (S >= 3600)
    std::snprintf(Buf, sizeof(Buf), "%dh%02dm", int(S / 3600), int(S / 60) % 60);
  else if (S >= 60)
    std::snprintf(Buf, sizeof(Buf), "%dm%02ds", int(S / 60), int(S) % 60);
  else
    std::snprintf(Buf, sizeof(Buf), "%.0fs", S);
  return Buf;
}
} // namespace

GevoRun::~GevoRun() { consumeError(std::move(Pending)); }

uint64_t GevoRun::evaluations() const { return Eng->evaluations(); }

namespace {
/// The run's tests: the tests dir's cases and held-out cases, and
/// Config.ValidateVariants more held-out cases drawn from its declared
/// ranges (the same ones on --resume: they depend on the seed only).
Expected<Spec> loadRunSpec(const RunConfig &C, unsigned &Drawn) {
  Expected<Spec> S = loadSpec(C.TestsDir);
  if (!S)
    return S.takeError();
  Expected<std::vector<CaseSpec>> D = drawCases(*S, C.ValidateVariants, C.Seed);
  if (!D)
    return D.takeError();
  Drawn = unsigned(D->size());
  S->HeldOut.insert(S->HeldOut.end(), D->begin(), D->end());
  return S;
}

/// The Evaluator's options for a run configured by \p C.
EvalOptions evalOptions(const RunConfig &C) {
  EvalOptions EO;
  EO.Target = C.Target;
  EO.Arch = C.Arch;
  EO.Gate = C.Gate;
  EO.Devices = C.Devices;
  EO.GateWorkers = C.Workers;
  EO.Workers = C.Workers;
  EO.Repeat = C.Repeat;
  EO.Judging = C.Judging;
  EO.OptLevel = C.CpuOpt;
  EO.Accept = acceptance(C.Objective);
  // On a GPU the gate's model predicts too, for the rank correlation of
  // modeled and measured times the report shows.
  if (C.Objective.Cost == CostKind::Modeled || C.Target != "cpu")
    EO.Gpu = C.Gpu;
  return EO;
}
} // namespace

Error GevoRun::init(std::unique_ptr<Module> M, const Spec &S) {
  Base = std::move(M);
  Expected<std::vector<std::string>> Scope =
      resolveFunctions(*Base, Config.Functions);
  if (!Scope)
    return Scope.takeError();
  Builder = std::make_unique<VariantBuilder>(bitcodeOf(*Base), *Scope);
  EvalOptions EO = evalOptions(Config);
  auto E = Evaluator::create(*Base, S, EO);
  if (!E)
    return E.takeError();
  Eval = std::move(*E);
  if (Config.Target == "cpu" || Eval->gate())
    Config.CpuOpt = Eval->optLevel();
  Problem = std::make_unique<KernelProblem>(*Builder, *Eval, Config.Objective);
  Strategy = std::make_unique<GevoStrategy>(Config.Params);
  EngineOptions Opts;
  Opts.Seed = Config.Seed;
  Opts.Limit.Evaluations = Config.MaxEvaluations;
  Opts.Limit.Seconds = Config.TimeBudgetSeconds;
  Opts.BatchSize = Config.BatchSize;
  Opts.Threads = Config.Threads;
  Eng = std::make_unique<Engine<Variant>>(*Problem, *Strategy, Opts);
  Eng->OnEvaluation = [this](const LogEntry &L) {
    if (!Pending)
      Pending = onEvaluation(L);
  };
  Eng->OnBatch = [this] {
    if (!Pending)
      Pending = onBatch();
  };
  BaseObj = Problem->baseObjectives();
  return Error::success();
}

Expected<std::unique_ptr<GevoRun>>
GevoRun::start(const RunConfig &C, const Module &BaseIn,
               const std::string &OutDir) {
  if (Error E = C.validate())
    return E;
  if (kernelNames(BaseIn).empty())
    return runError(C.Kernel + ": the module has no kernel");
  unsigned Drawn = 0;
  Expected<Spec> S = loadRunSpec(C, Drawn);
  if (!S)
    return S.takeError();
  if (S->Cases.empty())
    return runError(C.TestsDir + ": the tests dir has no cases to evolve on");
  // Everything that can fail on bad input is checked before the directory
  // exists, so a failed start leaves nothing behind.
  if (sys::fs::exists(OutDir))
    return runError(OutDir + ": already exists (use --resume to continue a "
                             "run, or choose another --out)");
  std::unique_ptr<GevoRun> R(new GevoRun(C));
  R->Drawn = Drawn;
  // The run's own copy, in its own context (BaseIn's may not outlive it).
  Expected<std::unique_ptr<Module>> M = parseBitcodeFile(
      MemoryBufferRef(bitcodeOf(BaseIn), BaseIn.getModuleIdentifier()), R->Ctx);
  if (!M)
    return M.takeError();
  nameInstructions(**M);
  // An oracle that depends on gevo's poison would judge every variant by
  // an accident: stop before anything is written.
  if (std::vector<std::string> Hints = undefinedInputHints(**M, *S);
      !Hints.empty())
    return runError(Hints.front());
  if (Error E = R->init(std::move(*M), *S))
    return E;
  Expected<RunDir> D = RunDir::create(OutDir);
  if (!D)
    return D.takeError();
  R->Dir.emplace(std::move(*D));
  for (auto [Name, Text] :
       {std::pair<const char *, std::string>{"config.json",
                                             R->Config.toJson().dump(2) + "\n"},
        {"base.ll", textOf(*R->Base)},
        {"generations.csv", std::string(GenerationsCsvHeader) + "\n"},
        {"log.jsonl", ""}})
    if (Error E = R->Dir->writeFile(Name, Text))
      return E;
  return R;
}

std::string GevoRun::serverSetup() const {
  // JSON never holds a NUL byte: the bitcode follows the first one.
  return Config.toJson().dump() + '\0' + bitcodeOf(*Base);
}

namespace {
/// A Service over a builder and an Evaluator it owns (or borrows).
cluster::Service serviceOver(std::shared_ptr<VariantBuilder> B,
                             std::shared_ptr<Evaluator> E) {
  cluster::Service S;
  S.Fingerprint = E->fingerprint();
  S.Workers = E->workerCount();
  S.BaseSeconds = E->base().Seconds;
  S.Run = [B, E](const std::vector<std::string> &Jobs) {
    return buildAndMeasure(*B, *E, Jobs);
  };
  return S;
}
} // namespace

cluster::Service GevoRun::service() {
  // Borrowed: the run outlives the job's Dispatcher.
  return serviceOver(std::shared_ptr<VariantBuilder>(Builder.get(), [](auto *) {}),
                     std::shared_ptr<Evaluator>(Eval.get(), [](auto *) {}));
}

Expected<cluster::Service>
GevoRun::serverService(std::string_view Setup, unsigned Workers,
                       const std::string &TestsDir) {
  size_t Nul = Setup.find('\0');
  if (Nul == std::string_view::npos)
    return runError("the run's setup is malformed");
  nlohmann::json SetupJson = nlohmann::json::parse(
      Setup.substr(0, Nul), nullptr, /*allow_exceptions=*/false);
  Expected<RunConfig> Read = RunConfig::fromJson(SetupJson);
  if (!Read)
    return runError("the run's setup: " + toString(Read.takeError()));
  RunConfig C = std::move(*Read);
  if (Workers)
    C.Workers = Workers;
  if (!TestsDir.empty())
    C.TestsDir = TestsDir;
  LLVMContext Ctx;
  std::string Bitcode(Setup.substr(Nul + 1));
  Expected<std::unique_ptr<Module>> M =
      parseBitcodeFile(MemoryBufferRef(Bitcode, "base"), Ctx);
  if (!M)
    return M.takeError();
  Expected<std::vector<std::string>> Scope = resolveFunctions(**M, C.Functions);
  if (!Scope)
    return Scope.takeError();
  unsigned Drawn = 0;
  Expected<Spec> S = loadRunSpec(C, Drawn);
  if (!S)
    return S.takeError();
  auto E = Evaluator::create(**M, *S, evalOptions(C));
  if (!E)
    return E.takeError();
  return serviceOver(std::make_shared<VariantBuilder>(Bitcode, *Scope),
                     std::shared_ptr<Evaluator>(std::move(*E)));
}

Expected<std::unique_ptr<GevoRun>>
GevoRun::resume(const std::string &Path, unsigned Threads, unsigned Workers,
                const Budget &More) {
  Expected<RunDir> D = RunDir::open(Path);
  if (!D)
    return D.takeError();
  Expected<nlohmann::json> CJ = D->readJson("config.json");
  if (!CJ)
    return CJ.takeError();
  Expected<RunConfig> Read = RunConfig::fromJson(*CJ);
  if (!Read)
    return runError(D->file("config.json") + ": " + toString(Read.takeError()));
  RunConfig C = std::move(*Read);
  if (Threads)
    C.Threads = Threads;
  if (Workers)
    C.Workers = Workers;
  bool Extended = More.Generations || More.Seconds || More.Evaluations;
  if (More.Generations)
    C.Params.Generations = *More.Generations;
  if (More.Seconds)
    C.TimeBudgetSeconds = *More.Seconds;
  if (More.Evaluations)
    C.MaxEvaluations = *More.Evaluations;
  if (Error E = C.validate())
    return E;
  if (Extended)
    if (Error E = D->writeFile("config.json", C.toJson().dump(2) + "\n"))
      return E;
  if (!sys::fs::exists(D->file("checkpoint")))
    return runError(Path + ": no checkpoint (the run stopped before its "
                           "initial population was complete): start it again");
  Expected<nlohmann::json> CP = D->readJson("checkpoint"); // a damaged one says so
  if (!CP)
    return CP.takeError();
  std::unique_ptr<GevoRun> R(new GevoRun(C));
  R->Dir.emplace(std::move(*D));
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(R->Dir->file("base.ll"), Diag, R->Ctx);
  if (!M)
    return runError(R->Dir->file("base.ll") + ": " + Diag.getMessage());
  Expected<Spec> S = loadRunSpec(C, R->Drawn);
  if (!S)
    return S.takeError();
  if (Error E = R->init(std::move(M), *S))
    return E;
  try {
    R->Eng->restore(CP->at("engine"));
    R->LogLines = CP->at("log_lines");
    R->CsvRows = CP->at("csv_rows");
    R->RowAttempts = CP->at("row_attempts");
    R->RowValid = CP->at("row_valid");
    R->ElapsedBefore = CP->at("elapsed_s");
  } catch (const std::exception &E) {
    return runError(R->Dir->file("checkpoint") + ": " + E.what());
  }
  // What the interrupted generation wrote after the checkpoint goes.
  if (Error E = R->Dir->truncateLines("log.jsonl", R->LogLines))
    return E;
  if (Error E = R->Dir->truncateLines("generations.csv", R->CsvRows + 1))
    return E;
  if (!CP->at("engine").contains("cache"))
    if (Error E = R->rememberLog())
      return E;
  return R;
}

Error GevoRun::rememberLog() {
  Expected<std::string> Log = Dir->readFile("log.jsonl");
  if (!Log)
    return Log.takeError();
  size_t Line = 0;
  for (StringRef Rest = *Log; !Rest.empty();) {
    auto [Text, Next] = Rest.split('\n');
    Rest = Next;
    ++Line;
    try {
      nlohmann::json J = nlohmann::json::parse(Text.begin(), Text.end());
      if (J.at("cached").get<bool>())
        continue;
      Evaluation E;
      E.S = parseStatus(J.at("status").get<std::string>()).value_or(Status::Crash);
      E.Objectives = J.at("objectives").get<std::vector<double>>();
      E.Message = J.value("message", "");
      E.Detail = J.value("detail", nlohmann::json());
      Eng->remember(J.at("key"), E);
    } catch (const std::exception &Ex) {
      return runError(Dir->file("log.jsonl") + ":" + Twine(Line) + ": " +
                      Ex.what());
    }
  }
  return Error::success();
}

Error GevoRun::evolve() {
  SessionStart = now();
  SessionEvals = Eng->evaluations();
  SessionRows = CsvRows;
  Eng->run();
  if (Pending)
    return std::move(Pending);
  ElapsedBefore += now() - SessionStart;
  SessionStart = now();
  return writeCheckpoint();
}

Error GevoRun::onEvaluation(const LogEntry &L) {
  const Evaluation &E = L.Result;
  nlohmann::json J = {{"i", L.Index},
                      {"gen", Strategy->building()},
                      {"batch", L.Batch},
                      {"variant", L.Genome},
                      {"key", L.Key},
                      {"status", statusName(E.S)},
                      {"objectives", E.Objectives},
                      {"cached", E.Cached}};
  if (!E.Message.empty())
    J["message"] = E.Message;
  if (!E.Detail.is_null())
    J["detail"] = E.Detail;
  ++LogLines;
  LogBuffer += J.dump();
  LogBuffer += '\n';
  return Error::success();
}

std::vector<Member> GevoRun::front() const {
  std::vector<Member> Out;
  std::set<std::string> Seen;
  const std::vector<Member> &Pop = Strategy->population();
  for (size_t I : Strategy->front())
    if (Seen.insert(printEdits(Pop[I].V.Edits)).second)
      Out.push_back(Pop[I]);
  std::stable_sort(Out.begin(), Out.end(), [](const Member &A, const Member &B) {
    return A.Obj < B.Obj;
  });
  return Out;
}

double GevoRun::frontHypervolume(const std::vector<Member> &Front) const {
  // The error bound: mo's base error plus the tolerance (evolve/README.md).
  double ErrorBound = Config.Objective.Mode == GevoMode::MultiObjective
                          ? (BaseObj.size() > 1 ? BaseObj[1] : 0.0) +
                                Config.Objective.ErrorTolerance
                          : 0.0;
  std::vector<std::vector<double>> Objectives;
  for (const Member &M : Front)
    Objectives.push_back(M.Obj);
  return evolve::frontHypervolume(Objectives, BaseObj[0], ErrorBound);
}

Error GevoRun::writeGenerationRow() {
  const std::vector<Member> &Pop = Strategy->population();
  double Best = INFINITY, BestError = INFINITY;
  std::vector<double> Costs;
  for (const Member &M : Pop) {
    Best = std::min(Best, M.Obj[0]);
    BestError = std::min(BestError, M.Obj.size() > 1 ? M.Obj[1] : 0.0);
    if (std::isfinite(M.Obj[0]))
      Costs.push_back(M.Obj[0]);
  }
  double Median = median(Costs); // the population's; NaN for none
  std::vector<Member> Front = front();
  uint64_t Attempts = Strategy->attempts() - RowAttempts;
  uint64_t Valid = Strategy->validAttempts() - RowValid;
  RowAttempts = Strategy->attempts();
  RowValid = Strategy->validAttempts();
  char Row[320];
  std::snprintf(
      Row, sizeof(Row), "%llu,%llu,%.4f,%.9g,%.6f,%.9g,%zu,%.1f,%.9g,%.6f",
      (unsigned long long)CsvRows, (unsigned long long)Eng->evaluations(),
      Attempts ? double(Valid) / Attempts : 0.0, Best,
      Best > 0 ? BaseObj[0] / Best : 0.0, BestError, Front.size(),
      ElapsedBefore + now() - SessionStart, Median, frontHypervolume(Front));
  ++CsvRows;
  return Dir->appendLine("generations.csv", Row);
}

Error GevoRun::writeCheckpoint() {
  // The cache is in log.jsonl already (rememberLog).
  nlohmann::json J = {{"engine", Eng->save(/*WithCache=*/false)},
                      {"log_lines", LogLines},
                      {"csv_rows", CsvRows},
                      {"row_attempts", RowAttempts},
                      {"row_valid", RowValid},
                      {"elapsed_s", ElapsedBefore + now() - SessionStart}};
  return Dir->writeFile("checkpoint", J.dump());
}

Error GevoRun::onBatch() {
  // A batch's log lines go out at once (one append, not one per line).
  if (Error E = Dir->appendText("log.jsonl", LogBuffer))
    return E;
  LogBuffer.clear();
  bool AtGeneration = false;
  if (Strategy->atGenerationBoundary() && !Strategy->population().empty()) {
    // Normally one row; more when a generation completed inside ask()
    // (every individual kept its parent).
    while (CsvRows < Strategy->generation() + 1u) {
      AtGeneration = true;
      if (Error E = writeGenerationRow())
        return E;
    }
    if (AtGeneration) {
      if (Error E = writePareto(nullptr))
        return E;
      if (Error E = writeCheckpoint())
        return E;
    }
  }
  if (Progress)
    Progress(progressLine(), AtGeneration);
  return Error::success();
}

std::string GevoRun::progressLine() const {
  double Elapsed = now() - SessionStart;
  double Best = INFINITY;
  for (const Member &M : Strategy->population())
    Best = std::min(Best, M.Obj[0]);
  char Line[256];
  // At a boundary: the generation just completed; else the one being built.
  unsigned Gen = Strategy->atGenerationBoundary() ? Strategy->generation()
                                                  : Strategy->building();
  std::string Gens = std::to_string(Gen);
  if (Config.Params.Generations)
    Gens += "/" + std::to_string(Config.Params.Generations);
  std::string BestText = "-";
  if (std::isfinite(Best)) {
    char B[64];
    if (Config.Objective.Cost != CostKind::Count)
      std::snprintf(B, sizeof(B), "%.4g ms (%.2fx)", Best * 1e3, BaseObj[0] / Best);
    else
      std::snprintf(B, sizeof(B), "%.6g (%.3fx)", Best, BaseObj[0] / Best);
    BestText = B;
  }
  // ETA: by the generations still to build at this session's pace, and by
  // the time budget; the nearer one.
  double Eta = INFINITY;
  double Total = ElapsedBefore + Elapsed;
  if (Config.Params.Generations && CsvRows > SessionRows)
    Eta = Elapsed / double(CsvRows - SessionRows) *
          (Config.Params.Generations + 1 - double(CsvRows));
  if (std::isfinite(Config.TimeBudgetSeconds))
    Eta = std::min(Eta, std::max(0.0, Config.TimeBudgetSeconds - Total));
  uint64_t Attempts = Strategy->attempts();
  std::snprintf(Line, sizeof(Line),
                "gen %s | %llu evals, %.1f/s | valid %.0f%% | best %s | "
                "front %zu | elapsed %s | ETA %s",
                Gens.c_str(), (unsigned long long)Eng->evaluations(),
                Elapsed > 0 ? (Eng->evaluations() - SessionEvals) / Elapsed : 0.0,
                Attempts ? 100.0 * Strategy->validAttempts() / Attempts : 0.0,
                BestText.c_str(), Strategy->population().empty() ? 0 : front().size(),
                duration(Total).c_str(),
                std::isfinite(Eta) ? duration(Eta).c_str() : "?");
  return Line;
}

} // namespace gevo::evolve
