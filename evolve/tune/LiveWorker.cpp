//===- LiveWorker.cpp - One live trial inside a sandboxed worker -----------===//

#include "LiveWorker.h"

#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <sstream>

namespace gevo::evolve::tune {

using nlohmann::json;

std::string encodeRequest(const LiveRequest &R, const std::string &Bitcode) {
  json H = {{"kernel", R.Kernel},
            {"grid", {R.Grid.X, R.Grid.Y, R.Grid.Z}},
            {"block", {R.Block.X, R.Block.Y, R.Block.Z}},
            {"repeat", R.Repeat},
            {"cost_limit", R.CostLimit},
            {"gpu", R.Gpu}};
  return H.dump() + "\n" + Bitcode;
}

const char *launchErrorType(Status S) {
  switch (S) {
  case Status::Ok:
    return "no_error";
  case Status::WrongOutput:
  case Status::Race: // outputs a GPU leaves undefined
  case Status::Uninitialized:
    return "wrong_answer";
  case Status::Timeout:
    return "run_timeout";
  case Status::CompileFail:
    return "compile_device";
  default:
    return "runtime_device";
  }
}

namespace {

json failure(Status S, const std::string &Message, const char *Type = nullptr) {
  return {{"status", statusName(S)},
          {"error_type", Type ? Type : launchErrorType(S)},
          {"message", Message}};
}

Bytes bytesOf(const std::vector<float> &V) {
  Bytes B(V.size() * sizeof(float));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}

/// "" when Got equals Want exactly, else what differs.
std::string compareOutput(const std::vector<float> &Want, const Bytes &Got) {
  size_t Wrong = 0, First = 0;
  float FirstGot = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    float G;
    std::memcpy(&G, Got.data() + I * sizeof(float), sizeof(float));
    if (G == Want[I])
      continue;
    if (!Wrong++)
      First = I, FirstGot = G;
  }
  if (!Wrong)
    return "";
  std::ostringstream OS;
  OS << Wrong << " of " << Want.size() << " outputs differ from the reference"
     << " (first at " << First << ": " << FirstGot << " instead of " << Want[First]
     << ")";
  return OS.str();
}

/// Launches Repeat times on Dev with fresh buffers; the outcome of the
/// first failing launch, or the last one with the output in Out.
LaunchOutcome launchAll(PlanDevice &Dev, const LiveData &D, const LiveRequest &R,
                        std::vector<double> &Seconds, Bytes &Out) {
  std::vector<uint64_t> Addr(D.Inputs.size() + 1);
  std::vector<Bytes> Args;
  LaunchOutcome L;
  for (size_t I = 0; I <= D.Inputs.size() && L.S == Status::Ok; ++I) {
    size_t Count = I < D.Inputs.size() ? D.Inputs[I].size() : D.Reference.size();
    std::string Err = Dev.alloc(Count * sizeof(float), Addr[I]);
    if (Err.empty())
      Err = Dev.write(Addr[I], I < D.Inputs.size() ? bytesOf(D.Inputs[I])
                                                   : Bytes(Count * sizeof(float), 0xFF));
    if (!Err.empty())
      L.S = Status::Crash, L.Message = Err;
    Args.emplace_back(sizeof(uint64_t));
    std::memcpy(Args.back().data(), &Addr[I], sizeof(uint64_t));
  }
  for (unsigned Rep = 0; Rep < R.Repeat && L.S == Status::Ok; ++Rep) {
    L = Dev.launch(R.Kernel, R.Grid, R.Block, 0, Args);
    Seconds.push_back(L.Seconds);
  }
  Out.resize(D.Reference.size() * sizeof(float));
  if (L.S == Status::Ok)
    if (std::string Err = Dev.read(Addr.back(), Out); !Err.empty())
      L.S = Status::Crash, L.Message = Err;
  for (uint64_t A : Addr)
    if (A)
      Dev.release(A);
  return L;
}

LiveRequest decodeHeader(const json &H) {
  LiveRequest R;
  R.Kernel = H.at("kernel");
  auto Dims = [](const json &J) {
    return Dim3{J.at(0).get<unsigned>(), J.at(1).get<unsigned>(), J.at(2).get<unsigned>()};
  };
  R.Grid = Dims(H.at("grid"));
  R.Block = Dims(H.at("block"));
  R.Repeat = std::max(1u, H.at("repeat").get<unsigned>());
  R.CostLimit = H.at("cost_limit");
  R.Gpu = H.value("gpu", "");
  return R;
}

} // namespace

json runLiveRequest(const LiveData &D, std::string_view Request) {
  using Clock = std::chrono::steady_clock;
  size_t Newline = Request.find('\n');
  if (Newline == std::string_view::npos)
    return failure(Status::Crash, "malformed request", "unknown_error");
  LiveRequest R = decodeHeader(json::parse(Request.substr(0, Newline)));
  std::string_view Bitcode = Request.substr(Newline + 1);
  auto Start = Clock::now();
  llvm::LLVMContext Ctx;
  auto Buf = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(Bitcode.data(), Bitcode.size()), "config", false);
  auto M = llvm::parseBitcodeFile(Buf->getMemBufferRef(), Ctx);
  if (!M)
    return failure(Status::CompileFail, llvm::toString(M.takeError()));
  cpu::Options O;
  O.ParallelBlocks = false; // no thread in a forked worker
  O.ThreadCostLimit = R.CostLimit;
  if (!R.Gpu.empty()) {
    auto G = cpu::findGpu(R.Gpu);
    if (!G)
      return failure(Status::Crash, llvm::toString(G.takeError()));
    O.Gpu = std::move(*G);
  }
  auto Dev = cpu::CpuPlanDevice::create(**M, O);
  if (!Dev)
    return failure(Status::CompileFail, llvm::toString(Dev.takeError()));
  double Jit = std::chrono::duration<double>(Clock::now() - Start).count();
  std::vector<double> Seconds;
  Bytes Out;
  LaunchOutcome L = launchAll(**Dev, D, R, Seconds, Out);
  if (L.S != Status::Ok) {
    json F = failure(L.S, L.Message.empty() ? std::string(statusName(L.S)) : L.Message);
    F["fault_uid"] = L.FaultUid;
    return F;
  }
  if (std::string Diff = compareOutput(D.Reference, Out); !Diff.empty())
    return failure(Status::WrongOutput, Diff);
  std::sort(Seconds.begin(), Seconds.end());
  return {{"status", "ok"},
          {"error_type", "no_error"},
          {"seconds", Seconds[Seconds.size() / 2]},
          {"modeled_cost", L.ModeledCost},
          {"modeled_seconds", L.ModeledSeconds},
          {"jit_seconds", Jit}};
}

} // namespace gevo::evolve::tune
