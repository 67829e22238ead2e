//===- Summary.cpp - What a suite run found, app by app -------------------===//

#include "Summary.h"

#include "ToolSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstring>

using namespace llvm;

namespace gevo::suite {

namespace {
Expected<nlohmann::json> readJson(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError("cannot read '" + Path +
                             "': " + Buf.getError().message());
  nlohmann::json J = nlohmann::json::parse((*Buf)->getBuffer().str(), nullptr,
                                           /*allow_exceptions=*/false);
  if (J.is_discarded())
    return createStringError("'" + Path + "' is not valid JSON");
  return J;
}

/// The results gevo-evolve wrote into its run directory's summary.json.
void readRunSummary(AppResult &R, const nlohmann::json &S) {
  R.Generations = S.value("generations", 0u);
  R.Evaluations = S.value("evaluations", uint64_t(0));
  if (S.contains("base") && S["base"].contains("instructions"))
    R.Instructions = S["base"]["instructions"].get<uint64_t>();
  const nlohmann::json &H = S.at("heldout");
  R.HeldoutStatus = H.value("status", "");
  if (!S.contains("best"))
    return;
  R.BestHeldoutSpeedup = H.value("speedup", 1.0);
  R.EvolvedSpeedup = S.value("best_speedup", 1.0);
  if (R.EvolvedSpeedup > 1) {
    R.Speedup = *R.BestHeldoutSpeedup;
    R.Error = H.value("error", 0.0);
  }
  const nlohmann::json &B = S.at("best");
  R.EditTexts = B.value("edits", std::vector<std::string>());
  R.Edits = B.value("descriptions", std::vector<std::string>());
  R.Minimised = B.value("minimised", false);
}

nlohmann::json orNull(std::optional<double> V) {
  return V ? nlohmann::json(*V) : nlohmann::json();
}

std::string signalName(int Sig) {
  const char *Abbrev = sigabbrev_np(Sig);
  return std::string("SIG") + (Abbrev ? Abbrev : std::to_string(Sig)) + " (" +
         strsignal(Sig) + ")";
}

/// Why a run without results ended, with its log's last line.
void explainFailure(AppResult &R, const Ending &E) {
  std::string Last = R.LogTail.empty() ? "no output" : R.LogTail.back();
  if (E.How == Ending::Signalled) {
    R.Status = "crashed";
    R.Message = "killed by " + signalName(E.Code) + "; last output: " + Last;
  } else {
    R.Status = "failed";
    R.Message = (E.Code ? "exit status " + std::to_string(E.Code) + ": "
                        : std::string("exit status 0 but no summary.json: ")) +
                Last;
  }
}
/// Status and message from how gevo-evolve ended and what it wrote.
void readOutcome(AppResult &R, const App &A, const Ending &E,
                 const std::string &AppDir, double LimitSeconds) {
  if (E.How == Ending::NotRun) {
    R.Status = "not run";
    R.Message = A.Kernel.empty()
                    ? "no kernel: neither the IR dir's " + A.Name +
                          ".ll nor " + A.Name + "/kernel.cu exists"
                    : "cannot start gevo-evolve: " +
                          std::string(strerror(E.Code));
    return;
  }
  if (E.How == Ending::Interrupted) {
    R.Status = "interrupted";
    R.Message = "the suite was stopped by " + signalName(E.Code) +
                (E.Seconds ? " while it ran" : " before it started");
    return;
  }
  if (E.How == Ending::TimedOut) {
    R.Status = "timeout";
    R.Message = "killed at the per-app limit of " + formatDuration(LimitSeconds);
    return;
  }
  std::string SummaryPath = AppDir + "/run/summary.json";
  if (!sys::fs::exists(SummaryPath))
    return explainFailure(R, E);
  Expected<nlohmann::json> S = readJson(SummaryPath);
  if (!S) {
    R.Status = "failed";
    R.Message = toString(S.takeError());
    return;
  }
  try {
    readRunSummary(R, *S);
  } catch (const nlohmann::json::exception &X) {
    R.Status = "failed";
    R.Message = SummaryPath + ": unexpected content: " + X.what();
    return;
  }
  R.Status = "ok";
  if (E.How == Ending::Signalled)
    R.Message = "gevo-evolve was killed by " + signalName(E.Code) +
                " after writing its summary";
  else if (E.Code)
    R.Message = "gevo-evolve exited with status " + std::to_string(E.Code) +
                " after writing its summary";
}
} // namespace

AppResult readResult(const App &A, const Ending &E, const std::string &AppDir,
                     double LimitSeconds) {
  AppResult R;
  R.App = A.Name;
  R.Seconds = E.Seconds;
  R.LogTail = lastLines(AppDir + "/gevo-evolve.log", 5);
  readOutcome(R, A, E, AppDir, LimitSeconds);
  return R;
}

std::optional<double> SuiteSummary::geomean() const {
  double LogSum = 0;
  size_t N = 0;
  for (const AppResult &A : Apps)
    if (A.ok() && A.Speedup > 0) {
      LogSum += std::log(A.Speedup);
      ++N;
    }
  if (!N)
    return std::nullopt;
  return std::exp(LogSum / N);
}

size_t SuiteSummary::countOk() const {
  return llvm::count_if(Apps, [](const AppResult &A) { return A.ok(); });
}

size_t SuiteSummary::countImproved() const {
  return llvm::count_if(Apps, [](const AppResult &A) { return A.improved(); });
}

nlohmann::json toJson(const SuiteSummary &S) {
  nlohmann::json Apps = nlohmann::json::array();
  for (const AppResult &A : S.Apps) {
    auto IfOk = [&](double V) {
      return A.ok() ? nlohmann::json(V) : nlohmann::json();
    };
    nlohmann::json J = {
        {"app", A.App},
        {"status", A.Status},
        {"message", A.Message},
        {"log_tail", A.LogTail},
        {"seconds", A.Seconds},
        {"ir_instructions", A.Instructions ? nlohmann::json(*A.Instructions)
                                           : nlohmann::json()},
        {"generations", A.Generations},
        {"evaluations", A.Evaluations},
        {"heldout_status", A.HeldoutStatus},
        {"heldout_speedup", IfOk(A.Speedup)},
        {"error", IfOk(A.Error)},
        {"evolved_speedup", IfOk(A.EvolvedSpeedup)},
        {"best_heldout_speedup", orNull(A.BestHeldoutSpeedup)},
        {"improved", A.improved()},
        {"edits", A.EditTexts},
        {"edit_descriptions", A.Edits},
        {"edits_minimised", A.Minimised},
        {"run_dir", A.App + "/run"},
        {"log", A.App + "/gevo-evolve.log"}};
    if (!S.PreviousFile.empty()) {
      J["previous_speedup"] = orNull(A.PreviousSpeedup);
      J["speedup_change"] = A.ok() && A.PreviousSpeedup
                                ? nlohmann::json(A.Speedup - *A.PreviousSpeedup)
                                : nlohmann::json();
      J["change"] = A.Change;
    }
    Apps.push_back(std::move(J));
  }
  nlohmann::json J = {{"suite", S.Setup},
                      {"seconds", S.Seconds},
                      {"apps_total", S.Apps.size()},
                      {"apps_ok", S.countOk()},
                      {"apps_improved", S.countImproved()},
                      {"improved_at", ImprovedAt},
                      {"geomean_speedup", orNull(S.geomean())},
                      {"apps", Apps}};
  if (!S.PreviousFile.empty())
    J["previous"] = {{"file", S.PreviousFile},
                     {"geomean_speedup", orNull(S.PreviousGeomean)}};
  return J;
}

Expected<nlohmann::json> loadPrevious(const std::string &Path) {
  std::string File =
      sys::fs::is_directory(Path) ? Path + "/summary.json" : Path;
  Expected<nlohmann::json> J = readJson(File);
  if (!J)
    return J.takeError();
  bool Valid = J->is_object() && J->contains("apps") && (*J)["apps"].is_array();
  for (const nlohmann::json &A : Valid ? (*J)["apps"] : nlohmann::json::array())
    Valid = Valid && A.is_object() && A.contains("app") && A["app"].is_string() &&
            A.value("status", nlohmann::json()).is_string();
  if (!Valid)
    return createStringError("'" + File + "' is not a gevo-suite summary.json "
                             "(it needs an \"apps\" list with app and status)");
  return J;
}

void compareWith(SuiteSummary &S, const nlohmann::json &Previous,
                 const std::string &File) {
  S.PreviousFile = File;
  const nlohmann::json &G = Previous.value("geomean_speedup", nlohmann::json());
  if (G.is_number())
    S.PreviousGeomean = G.get<double>();
  for (AppResult &A : S.Apps) {
    auto P = llvm::find_if(Previous["apps"], [&](const nlohmann::json &J) {
      return J["app"] == A.App;
    });
    if (P == Previous["apps"].end()) {
      A.Change = "new app";
      continue;
    }
    const nlohmann::json &Was = P->value("heldout_speedup", nlohmann::json());
    bool WasOk = (*P)["status"] == "ok" && Was.is_number();
    if (WasOk)
      A.PreviousSpeedup = Was.get<double>();
    bool WasImproved = WasOk && *A.PreviousSpeedup >= ImprovedAt;
    if (WasOk != A.ok())
      A.Change = A.ok() ? "no longer failing" : "now failing";
    if (WasImproved != A.improved())
      A.Change += std::string(A.Change.empty() ? "" : ", ") +
                  (A.improved() ? "new improvement" : "lost improvement");
  }
}

} // namespace gevo::suite
