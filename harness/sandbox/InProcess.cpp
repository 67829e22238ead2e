//===- InProcess.cpp - The base and one variant, without a sandbox ---------===//

#include "EvalWorker.h"

#include "gevo/harness/DriverHost.h"

namespace gevo {

using namespace sandbox;

llvm::Expected<InProcessEval>
evaluateInProcess(const llvm::Module &Base, const Spec &Given,
                  const EvalOptions &Asked, const std::string &Variant,
                  bool HeldOut) {
  EvalOptions O = Asked;
  if (O.Target != "cpu" && O.Devices.empty())
    O.Devices = {0};
  Spec S = O.Target == "cpu" ? Given : casesFor(Given, /*Gpu=*/true);
  if (llvm::Error E = buildDrivers(S, O.DriverCacheDir))
    return E;
  std::string Bitcode = bitcodeOf(Base);
  auto Handler = setUpEvaluator(Bitcode, S, O, /*GpuInChild=*/false);
  if (!Handler)
    return Handler.takeError();
  char Kind = HeldOut ? EvalHeldOut : EvalCases;
  InProcessEval R;
  if (!decodeVariantEval((*Handler)(jobRequest(Kind, Bitcode)), R.Base) ||
      !decodeVariantEval((*Handler)(jobRequest(Kind, Variant)), R.Variant))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "an in-process evaluation did not decode");
  if (R.Base.S != Status::Ok)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the unmodified kernel fails: " +
                                       R.Base.Message);
  return R;
}

} // namespace gevo
