//===- Remote.cpp - GEVO's candidates built and measured on other ranks ----===//
//
// A result is JSON (the completed variant, the key, the failure) and, after
// a NUL byte, the measurement as encodeVariantEval bytes (none on failure).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/Remote.h"
#include "gevo/evolve/Engine.h"

#include <tbb/parallel_for.h>

#include <chrono>

namespace gevo::evolve {

std::string encodeJob(const Variant &V) { return variantToJson(V).dump(); }

std::vector<std::string> buildAndMeasure(const VariantBuilder &B, Evaluator &E,
                                         const std::vector<std::string> &Jobs) {
  std::vector<nlohmann::json> Head(Jobs.size());
  std::vector<Prepared> Preps(Jobs.size());
  tbb::parallel_for(size_t(0), Jobs.size(), [&](size_t I) {
    auto Start = std::chrono::steady_clock::now();
    Variant V;
    try {
      V = variantFromJson(nlohmann::json::parse(Jobs[I]));
    } catch (const std::exception &Ex) {
      Evaluation Bad;
      Bad.S = Status::Crash;
      Bad.Message = std::string("a malformed job: ") + Ex.what();
      Preps[I].Failed = Bad;
    }
    if (!Preps[I].Failed)
      Preps[I] = B.build(V);
    Head[I] = {{"variant", variantToJson(V)},
               {"key", Preps[I].Key},
               {"prepare_s",
                std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - Start)
                    .count()}};
    if (Preps[I].Failed)
      Head[I]["failed"] = Engine<Variant>::toJson(*Preps[I].Failed);
  });
  std::vector<std::string> Bitcode;
  for (Prepared &P : Preps)
    if (!P.Failed)
      Bitcode.push_back(std::move(P.Payload));
  std::vector<VariantEval> Evals = E.evaluate(Bitcode);
  std::vector<std::string> Out;
  size_t Next = 0;
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Out.push_back(Head[I].dump(-1, ' ', false,
                               nlohmann::json::error_handler_t::replace) +
                  '\0');
    if (!Preps[I].Failed)
      Out.back() += encodeVariantEval(Evals[Next++]);
  }
  return Out;
}

bool decodeBuilt(std::string_view Result, Built &Out) {
  size_t Nul = Result.find('\0');
  if (Nul == std::string_view::npos)
    return false;
  try {
    nlohmann::json J = nlohmann::json::parse(Result.substr(0, Nul));
    Out.V = variantFromJson(J.at("variant"));
    Out.P = Prepared();
    Out.P.Key = J.at("key");
    Out.PrepareSeconds = J.at("prepare_s");
    if (J.contains("failed"))
      Out.P.Failed = Engine<Variant>::fromJson(J["failed"]);
  } catch (const std::exception &) {
    return false;
  }
  Out.Eval.reset();
  if (Out.P.Failed)
    return Nul + 1 == Result.size();
  VariantEval V;
  if (!decodeVariantEval(Result.substr(Nul + 1), V))
    return false;
  Out.Eval = std::move(V);
  return true;
}

} // namespace gevo::evolve
