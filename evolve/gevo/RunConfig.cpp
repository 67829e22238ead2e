//===- RunConfig.cpp - A GEVO run's configuration as JSON -----------------===//

#include "gevo/evolve/GevoRun.h"
#include "gevo/harness/Targets.h"

#include <cmath>
#include <cstdlib>

namespace gevo::evolve {

llvm::Error RunConfig::validate() const {
  auto Bad = [](const std::string &What) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), What);
  };
  if (llvm::Error E = Params.validate())
    return E;
  if (!isKnownTarget(Target))
    return Bad("unknown `target` '" + Target + "' (" + targetNames() + ")");
  if (Target != "cpu" && Objective.Cost != CostKind::Time)
    return Bad(std::string("`objective` ") + costKindName(Objective.Cost) +
               " is the cpu target's model; on a GPU the objective is time");
  if (Gate != "cpu" && Gate != "none")
    return Bad("`gate` must be cpu or none, not '" + Gate + "'");
  if (Params.Generations == 0 && std::isinf(TimeBudgetSeconds) &&
      MaxEvaluations == std::numeric_limits<uint64_t>::max())
    return Bad("no budget: give `generations`, `time_budget_s` or "
               "`max_evaluations`");
  if (!(TimeBudgetSeconds > 0))
    return Bad("`time_budget_s` must be positive");
  if (Repeat == 0 || ValidateRepeat == 0)
    return Bad("`repeat` and `validate_repeat` must be at least 1");
  if (BatchSize == 0)
    return Bad("`batch_size` must be at least 1");
  if (Workers == 0)
    return Bad("`workers` must be at least 1");
  if (!(Objective.ErrorTolerance >= 0))
    return Bad("`error_tolerance` must be at least 0");
  return llvm::Error::success();
}

nlohmann::json RunConfig::toJson() const {
  nlohmann::json J = {
      {"kernel", Kernel},
      {"tests", TestsDir},
      {"target", Target},
      {"arch", Arch},
      {"gate", Gate},
      {"devices", Devices},
      {"mode", modeName(Objective.Mode)},
      {"objective", costKindName(Objective.Cost)},
      {"gpu", Gpu},
      {"error_tolerance", Objective.ErrorTolerance},
      {"pop", Params.PopSize},
      {"generations", Params.Generations},
      {"init_dist", Params.InitDist},
      {"crossover_rate", Params.CrossRate},
      {"mutation_rate", Params.MutateRate},
      {"elite_fraction", Params.EliteFraction},
      {"max_retries", Params.MaxRetries},
      {"seed", Seed},
      {"repeat", Repeat},
      {"validate_repeat", ValidateRepeat},
      {"validate_max", ValidateMax},
      {"validate_variants", ValidateVariants},
      {"batch_size", BatchSize},
      {"minimise", Minimise},
      {"functions", Functions},
      {"check", Judging.checks()},
      {"memory_model", memoryModelName(Judging.Model)},
      {"allow_base_races", Judging.AllowBaseRaces},
      {"cpu_opt", CpuOpt},
      {"threads", Threads},
      {"workers", Workers}};
  // JSON has no infinity: an absent budget is null.
  J["time_budget_s"] = std::isinf(TimeBudgetSeconds)
                           ? nlohmann::json(nullptr)
                           : nlohmann::json(TimeBudgetSeconds);
  J["max_evaluations"] = MaxEvaluations == std::numeric_limits<uint64_t>::max()
                             ? nlohmann::json(nullptr)
                             : nlohmann::json(MaxEvaluations);
  return J;
}

namespace {
struct BadConfig {
  std::string Why;
};

/// fromJson's reading; nlohmann's accessors throw on a missing or mistyped
/// field, and a bad value throws BadConfig.
RunConfig readConfig(const nlohmann::json &J) {
  RunConfig C;
  C.Kernel = J.at("kernel");
  C.TestsDir = J.at("tests");
  C.Target = J.at("target");
  C.Arch = J.value("arch", std::string());
  C.Gate = J.value("gate", std::string("cpu"));
  C.Devices = J.value("devices", std::vector<int>{});
  auto Mode = parseMode(J.at("mode"));
  auto Cost = parseCostKind(J.at("objective"));
  if (!Mode || !Cost)
    throw BadConfig{"unknown mode or objective"};
  C.Objective = {*Mode, *Cost, J.at("error_tolerance")};
  // Before the warp-level model, "modeled" was the instruction count.
  if (!J.contains("gpu") && C.Objective.Cost == CostKind::Modeled)
    C.Objective.Cost = CostKind::Count;
  C.Gpu = J.value("gpu", std::string(cpu::DefaultGpu));
  C.Params.PopSize = J.at("pop");
  C.Params.Generations = J.at("generations");
  C.Params.InitDist = J.at("init_dist");
  C.Params.CrossRate = J.at("crossover_rate");
  C.Params.MutateRate = J.at("mutation_rate");
  C.Params.EliteFraction = J.at("elite_fraction");
  C.Params.MaxRetries = J.at("max_retries");
  C.Seed = J.at("seed");
  C.Repeat = J.at("repeat");
  C.ValidateRepeat = J.at("validate_repeat");
  C.ValidateMax = J.at("validate_max");
  // Runs from before drawn cases drew none.
  C.ValidateVariants = J.value("validate_variants", 0u);
  C.BatchSize = J.at("batch_size");
  C.Minimise = J.at("minimise");
  C.Functions = J.value("functions", std::vector<std::string>{});
  // Runs from before the judge had it on, as it is by default.
  if (llvm::Error E = C.Judging.setChecks(
          J.value("check", "races,uninitialized,schedules")))
    throw BadConfig{llvm::toString(std::move(E))};
  auto Model = parseMemoryModel(J.value("memory_model", "volta"));
  if (!Model)
    throw BadConfig{"unknown memory model"};
  C.Judging.Model = *Model;
  C.Judging.AllowBaseRaces = J.value("allow_base_races", false);
  // Runs from before the JIT tiers compiled at O2.
  C.CpuOpt = J.value("cpu_opt", 2);
  C.Threads = J.at("threads");
  C.Workers = J.at("workers");
  if (!J.at("time_budget_s").is_null())
    C.TimeBudgetSeconds = J["time_budget_s"];
  if (!J.at("max_evaluations").is_null())
    C.MaxEvaluations = J["max_evaluations"];
  return C;
}
} // namespace

llvm::Expected<RunConfig> RunConfig::fromJson(const nlohmann::json &J) {
  auto Bad = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  try {
    return readConfig(J);
  } catch (const BadConfig &E) {
    return Bad(E.Why);
  } catch (const nlohmann::json::exception &E) {
    return Bad(E.what());
  }
}

std::optional<double> parseDuration(const std::string &Text) {
  if (Text.empty())
    return std::nullopt;
  char *End = nullptr;
  double V = std::strtod(Text.c_str(), &End);
  std::string Unit(End);
  double Scale = Unit.empty() || Unit == "s" ? 1
                 : Unit == "m"               ? 60
                 : Unit == "h"               ? 3600
                                             : -1;
  if (End == Text.c_str() || Scale < 0 || !(V > 0) || std::isinf(V))
    return std::nullopt;
  return V * Scale;
}

} // namespace gevo::evolve
