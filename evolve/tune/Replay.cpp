//===- Replay.cpp - Kernel Tuner cache and T4 files as tuning problems -----===//

#include "gevo/evolve/tune/Replay.h"

#include "TuneError.h"

#include <zlib.h>

#include <cmath>

namespace gevo::evolve::tune {

using nlohmann::json;
using nlohmann::ordered_json;

llvm::Expected<std::string> readMaybeGzip(const std::string &Path) {
  gzFile F = gzopen(Path.c_str(), "rb"); // reads plain files transparently
  if (!F)
    return tuneError("cannot read '" + Path + "'");
  std::string Out;
  char Buf[1 << 16];
  int N;
  while ((N = gzread(F, Buf, sizeof(Buf))) > 0)
    Out.append(Buf, size_t(N));
  if (N < 0) {
    int Err;
    std::string Msg = gzerror(F, &Err);
    gzclose(F);
    return tuneError(Path + ": corrupt gzip data (" + Msg + ")");
  }
  gzclose(F);
  return Out;
}

namespace {

/// Kernel Tuner's error value for failed configs.
constexpr double ErrorValue = 1e20;

bool higherByName(const std::string &Metric) {
  for (const char *Up : {"FLOP", "flop", "/s", "throughput", "Throughput"})
    if (Metric.find(Up) != std::string::npos)
      return true;
  return false;
}

Status statusOfFailure(const std::string &What) {
  if (What == "CompilationFailedConfig" || What == "compile")
    return Status::CompileFail;
  if (What == "RuntimeFailedConfig" || What == "runtime")
    return Status::Crash;
  if (What == "timeout")
    return Status::Timeout;
  if (What == "correctness")
    return Status::WrongOutput;
  return Status::NotApplicable; // InvalidConfig, constraints, ...
}

double sumOf(const ordered_json &A) {
  double S = 0;
  if (A.is_array())
    for (const auto &X : A)
      if (X.is_number())
        S += X.get<double>();
  return S;
}

std::vector<double> numbers(const ordered_json &A) {
  std::vector<double> Out;
  if (A.is_array())
    for (const auto &X : A)
      if (X.is_number())
        Out.push_back(X.get<double>());
  return Out;
}

void addValue(std::vector<json> &Values, const ordered_json &V) {
  json J = json::parse(V.dump());
  for (const json &X : Values)
    if (X == J)
      return;
  Values.push_back(J);
}

} // namespace

llvm::Expected<std::unique_ptr<ReplayProblem>>
ReplayProblem::load(const std::string &Path, const ReplayOptions &O) {
  llvm::Expected<std::string> Text = readMaybeGzip(Path);
  if (!Text)
    return Text.takeError();
  ordered_json J = ordered_json::parse(*Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded())
    return tuneError(Path + ": not valid JSON");
  return fromJson(J, Path, O);
}

llvm::Expected<std::unique_ptr<ReplayProblem>>
ReplayProblem::fromJson(const ordered_json &J, const std::string &Where,
                        const ReplayOptions &O) {
  std::unique_ptr<ReplayProblem> P(new ReplayProblem());
  P->Opts = O;
  P->Where = Where;
  auto Parse = [&]() -> llvm::Error {
    if (J.is_object() && J.contains("cache"))
      return P->parseKernelTuner(J);
    if (J.is_object() && J.contains("results"))
      return P->parseT4(J);
    return tuneError("neither a Kernel Tuner cache (\"cache\") nor a T4 "
                     "results file (\"results\")");
  };
  try {
    if (llvm::Error E = Parse())
      return prefixed(Where, std::move(E));
  } catch (const json::exception &E) {
    return tuneError(Where + ": malformed entry: " + E.what());
  }
  if (P->Table.empty())
    return tuneError(Where + ": holds no configurations");
  if (O.Restrict) {
    std::vector<uint64_t> Codes;
    for (const auto &[Code, E] : P->Table)
      Codes.push_back(Code);
    P->S.restrictTo(std::move(Codes));
  }
  return P;
}

llvm::Error ReplayProblem::buildSpace(const std::vector<std::string> &Names,
                                      const std::vector<std::vector<json>> &Values) {
  for (size_t I = 0; I < Names.size(); ++I) {
    bool Numeric = !Values[I].empty();
    std::vector<double> Nums;
    for (const json &V : Values[I]) {
      Numeric = Numeric && V.is_number();
      if (V.is_number())
        Nums.push_back(V.get<double>());
    }
    if (llvm::Error E = S.add(Numeric ? Param::discrete(Names[I], Nums)
                                      : Param::categorical(Names[I], Values[I])))
      return E;
  }
  return llvm::Error::success();
}

llvm::Error ReplayProblem::addEntry(const ordered_json &Params, Entry E) {
  Config C(S.size());
  for (size_t I = 0; I < S.size(); ++I) {
    const std::string &Name = S.param(I).name();
    if (!Params.contains(Name))
      return tuneError("a configuration lacks parameter '" + Name + "'");
    auto V = S.param(I).find(json::parse(Params[Name].dump()));
    if (!V)
      return tuneError("a configuration has " + Name + " = " +
                       Params[Name].dump() + ", not among its values");
    C[I] = *V;
  }
  if (E.S != Status::Ok)
    ++Failed;
  else if (!Best || (Obj.HigherIsBetter ? E.Value > *Best : E.Value < *Best))
    Best = E.Value;
  Table.emplace(S.encode(C), std::move(E)); // a repeated config: first wins
  return llvm::Error::success();
}

llvm::Error ReplayProblem::parseKernelTuner(const ordered_json &J) {
  const ordered_json &Cache = J.at("cache");
  if (!Cache.is_object())
    return tuneError("\"cache\" is not an object");
  std::vector<std::string> Names;
  if (J.contains("tune_params_keys"))
    Names = J["tune_params_keys"].get<std::vector<std::string>>();
  else if (!Cache.empty())
    for (const auto &[K, V] : Cache.begin().value().items())
      if (J.contains("tune_params") && J["tune_params"].contains(K))
        Names.push_back(K);
  if (Names.empty())
    return tuneError("no \"tune_params_keys\"");
  std::vector<std::vector<json>> Values(Names.size());
  for (size_t I = 0; I < Names.size(); ++I) {
    if (J.contains("tune_params") && J["tune_params"].contains(Names[I]))
      for (const auto &V : J["tune_params"][Names[I]])
        addValue(Values[I], V);
    for (const auto &[K, Entry] : Cache.items())
      if (Entry.is_object() && Entry.contains(Names[I]))
        addValue(Values[I], Entry[Names[I]]);
  }
  Obj.Name = !Opts.Metric.empty() ? Opts.Metric : J.value("objective", "time");
  Obj.HigherIsBetter = Opts.HigherIsBetter.value_or(
      J.contains("objective_higher_is_better")
          ? J["objective_higher_is_better"].get<bool>()
          : higherByName(Obj.Name));
  if (llvm::Error E = buildSpace(Names, Values))
    return E;
  bool IsTime = Obj.Name == "time";
  for (const auto &[Key, R] : Cache.items()) {
    if (!R.is_object() || !R.contains(Obj.Name))
      return tuneError("cache entry '" + Key + "' has no \"" + Obj.Name + "\"");
    Entry E;
    const auto &V = R[Obj.Name];
    if (V.is_string()) {
      E.Failure = V.get<std::string>();
      E.S = statusOfFailure(E.Failure);
    } else if (!V.is_number()) {
      return tuneError("cache entry '" + Key + "' has a non-numeric \"" +
                       Obj.Name + "\"");
    } else {
      E.Value = V.get<double>();
      if (!std::isfinite(E.Value) || E.Value >= ErrorValue) {
        E.S = Status::CompileFail;
        E.Failure = "error value";
      }
    }
    double Run = R.contains("times") ? sumOf(R["times"])
                 : R.contains("time") && R["time"].is_number()
                     ? R["time"].get<double>()
                     : 0;
    double Compile = R.contains("compile_time") && R["compile_time"].is_number()
                         ? R["compile_time"].get<double>()
                         : 0;
    E.CostSeconds = (Compile + Run) / 1000; // Kernel Tuner records ms
    if (IsTime && R.contains("times"))
      E.Repeats = numbers(R["times"]);
    if (llvm::Error Err = addEntry(R, std::move(E)))
      return Err;
  }
  return llvm::Error::success();
}

llvm::Error ReplayProblem::parseT4(const ordered_json &J) {
  const ordered_json &Results = J.at("results");
  if (!Results.is_array() || Results.empty())
    return tuneError("\"results\" is not a non-empty array");
  std::vector<std::string> Names;
  for (const auto &[K, V] : Results[0].at("configuration").items())
    Names.push_back(K);
  std::vector<std::vector<json>> Values(Names.size());
  for (const auto &R : Results)
    for (size_t I = 0; I < Names.size(); ++I)
      if (R.at("configuration").contains(Names[I]))
        addValue(Values[I], R["configuration"][Names[I]]);
  std::string First = "time";
  if (Results[0].contains("objectives") && !Results[0]["objectives"].empty())
    First = Results[0]["objectives"][0].get<std::string>();
  Obj.Name = !Opts.Metric.empty() ? Opts.Metric : First;
  Obj.HigherIsBetter = Opts.HigherIsBetter.value_or(higherByName(Obj.Name));
  if (llvm::Error E = buildSpace(Names, Values))
    return E;
  for (const auto &R : Results) {
    Entry E;
    std::string Invalidity = R.value("invalidity", "correct");
    if (Invalidity != "correct") {
      E.S = statusOfFailure(Invalidity);
      E.Failure = Invalidity;
    } else {
      bool Found = false;
      for (const auto &M : R.at("measurements"))
        if (M.at("name") == Obj.Name) {
          E.Value = M.at("value").get<double>();
          Found = true;
        }
      if (!Found)
        return tuneError("a correct result has no \"" + Obj.Name +
                         "\" measurement");
    }
    if (R.contains("times")) {
      const auto &T = R["times"];
      E.CostSeconds = sumOf(T.value("runtimes", ordered_json::array())) +
                      T.value("compilation_time", 0.0);
      if (!Obj.HigherIsBetter)
        E.Repeats = numbers(T.value("runtimes", ordered_json::array()));
    }
    if (llvm::Error Err = addEntry(R.at("configuration"), std::move(E)))
      return Err;
  }
  return llvm::Error::success();
}

Prepared ReplayProblem::prepare(const Config &C) const {
  if (S.satisfies(C) && Table.count(S.encode(C)))
    return keyedConfig(S, C, std::nullopt);
  return keyedConfig(S, C, "not in the replay file");
}

std::vector<Evaluation>
ReplayProblem::measure(const std::vector<const Prepared *> &B) {
  return measureEach(B, [&](uint64_t Code) {
    const Entry &En = Table.at(Code);
    Evaluation E;
    if (En.S != Status::Ok) {
      E.S = En.S;
      E.Message = En.Failure;
    } else {
      double V = En.Value;
      if (Opts.Noise && !En.Repeats.empty())
        V = En.Repeats[NoiseRng.below(En.Repeats.size())];
      E = makeEvaluation(V, Obj.HigherIsBetter);
    }
    E.CostSeconds = En.CostSeconds;
    return E;
  });
}

} // namespace gevo::evolve::tune
