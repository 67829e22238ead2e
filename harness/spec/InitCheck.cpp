//===- InitCheck.cpp - Does a base depend on memory a GPU leaves undefined? -===//
//
// A buffer declared without "init" holds poison on every target, as
// cudaMalloc memory holds garbage. A base kernel whose outcome changes when
// such buffers are zeroed instead reads memory it never wrote (or leaves
// output elements unwritten): its oracle would be an accident of gevo's
// poison. Found by running the case both ways, then with one buffer at a
// time left undefined.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Plan.h"

namespace gevo {

namespace {
/// C with its undefined buffers zeroed, all but Keep (when given).
CaseSpec zeroedBut(const CaseSpec &C, const std::string *Keep) {
  CaseSpec Z = C;
  for (BufferSpec &B : Z.Buffers)
    if (B.Init.K == BufferInit::Undefined && (!Keep || B.Name != *Keep))
      B.Init = BufferInit::filled(0);
  return Z;
}

bool sameOutcome(const CaseOutcome &A, const CaseOutcome &B) {
  return A.S == B.S && A.Outputs == B.Outputs;
}

/// 'a', 'b'
std::string quotedList(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "'" : ", '") + N + "'";
  return Out;
}
} // namespace

std::vector<std::string> undefinedInputs(const CaseSpec &C, PlanDevice &D) {
  std::vector<std::string> Undefined;
  for (const BufferSpec &B : C.Buffers)
    if (B.Init.K == BufferInit::Undefined)
      Undefined.push_back(B.Name);
  if (C.Driver || Undefined.empty())
    return {};
  CaseOutcome Zeroed = runCase(zeroedBut(C, nullptr), D);
  CaseOutcome Poisoned = runCase(C, D);
  if (sameOutcome(Zeroed, Poisoned) ||
      (Zeroed.S != Status::Ok && Poisoned.S != Status::Ok))
    return {};
  std::vector<std::string> Found;
  for (size_t I = 0; I < Undefined.size() && Undefined.size() > 1; ++I)
    if (!sameOutcome(Zeroed, runCase(zeroedBut(C, &Undefined[I]), D)))
      Found.push_back(Undefined[I]);
  return Found.empty() ? Undefined : Found;
}

std::string undefinedInputHint(const std::string &Case,
                               const std::vector<std::string> &Buffers) {
  bool One = Buffers.size() == 1;
  return "case '" + Case + "': the outputs depend on the initial contents of " +
         (One ? "buffer " : "buffers ") + quotedList(Buffers) +
         ", declared without \"init\" (a GPU leaves " + (One ? "it" : "them") +
         " undefined); if the host zeroes " + (One ? "it" : "them") +
         ", give " + (One ? "it" : "each") + " \"init\": {\"fill\": 0}";
}

std::vector<std::string> undefinedInputHints(const Spec &S, PlanDevice &D) {
  std::vector<std::string> Hints;
  for (const std::vector<CaseSpec> *Cases : {&S.Cases, &S.HeldOut})
    for (const CaseSpec &C : *Cases)
      if (std::vector<std::string> B = undefinedInputs(C, D); !B.empty())
        Hints.push_back(undefinedInputHint(C.Name, B));
  return Hints;
}

} // namespace gevo
