// A test driver: sums n values (i * step) with the corpus kernel reduce_sum
// in a host loop, ping-ponging over partial sums until one value is left
// (as reduction.cu's main() does), and reports the total and its relative
// error against a float64 sum on the host.
//
// Params: "n" (3000), "step" (0.25); for the harness's tests, "misbehave"
// ("segfault", "throw", "hang", "exit", or "report": return wrong_output)
// when the total is wrong, or always with "when": "always"; "ignore_faults" keeps launching after a
// faulting launch; "leak" leaves the buffers allocated; "peek" adds a
// second output, the bytes of a partial-sums buffer as allocated (before
// any launch writes it).
#include "gevo/harness/Driver.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

using namespace gevo;

namespace {
constexpr unsigned Block = 256;

unsigned blocksFor(unsigned N) { return (N + 2 * Block - 1) / (2 * Block); }

void misbehave(const std::string &How) {
  if (How == "segfault")
    *static_cast<volatile int *>(nullptr) = 1;
  if (How == "throw")
    throw std::runtime_error("the total is wrong");
  if (How == "hang")
    for (volatile unsigned long I = 0;; I = I + 1) {
    }
  if (How == "exit")
    std::exit(3);
}

struct ReduceDriver : Driver {
  DriverOutcome run(PlanDevice &D, const DriverCase &C) override {
    unsigned N = C.Params.value("n", 3000u);
    double Step = C.Params.value("step", 0.25);
    bool IgnoreFaults = C.Params.value("ignore_faults", false);
    std::vector<float> In(N);
    double Want = 0;
    for (unsigned I = 0; I < N; ++I)
      Want += In[I] = float(I * Step);

    DriverOutcome Out;
    uint64_t Buf[3];
    size_t Sizes[3] = {N * sizeof(float), blocksFor(N) * sizeof(float),
                       blocksFor(N) * sizeof(float)};
    for (int I = 0; I < 3; ++I)
      if (std::string Err = D.alloc(Sizes[I], Buf[I]); !Err.empty())
        return {Status::Crash, Err};
    if (std::string Err = D.write(Buf[0], toBytes(In)); !Err.empty())
      return {Status::Crash, Err};
    bool Peek = C.Params.value("peek", false);
    Bytes Fresh(Peek ? Sizes[1] : 0);
    if (std::string Err = Peek ? D.read(Buf[1], Fresh) : ""; !Err.empty())
      return {Status::Crash, Err};
    uint64_t Src = Buf[0];
    for (unsigned Pass = 0, Count = N; Count > 1; ++Pass) {
      uint64_t Dst = Buf[1 + Pass % 2];
      LaunchOutcome L =
          D.launch("reduce_sum", {blocksFor(Count)}, {Block}, 0,
                   {scalarArg(Src), scalarArg(Dst), scalarArg(Count)});
      if (L.S != Status::Ok && !IgnoreFaults)
        return {L.S, L.Message, L.FaultUid};
      Src = Dst;
      Count = blocksFor(Count);
    }
    Bytes Total(sizeof(float));
    if (std::string Err = D.read(Src, Total); !Err.empty())
      return {Status::Crash, Err};
    float Got = fromBytes<float>(Total)[0];
    if (!C.Params.value("leak", false))
      for (uint64_t B : Buf)
        D.release(B);

    double Rel = std::fabs(Got - Want) / std::max(1.0, std::fabs(Want));
    if (C.Params.value("when", "wrong") == "always" || !(Rel < 1e-3)) {
      std::string How = C.Params.value("misbehave", "");
      if (How == "report")
        return {Status::WrongOutput, "the total is wrong"};
      misbehave(How);
    }
    Out.Outputs.push_back(output(std::vector<float>{Got}));
    if (Peek)
      Out.Outputs.push_back({ElemType::U8, Fresh});
    Out.Error = Rel;
    return Out;
  }
};
} // namespace

GEVO_DRIVER(ReduceDriver)
