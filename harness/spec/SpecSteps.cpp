//===- SpecSteps.cpp - The steps of a launch plan ---------------------------===//

#include "SpecJson.h"

#include <algorithm>

namespace gevo {

namespace {

Dim3 parseDim(const Field &F) {
  auto Positive = [](const Field &E) {
    uint64_t V = E.count();
    if (V == 0 || V > UINT32_MAX)
      E.fail("must be between 1 and 2^32-1");
    return unsigned(V);
  };
  Dim3 D;
  if (F.J.is_number())
    return {Positive(F), 1, 1};
  size_t N = F.size();
  if (N == 0 || N > 3)
    F.fail("expected 1 to 3 dimensions");
  unsigned *Dims[] = {&D.X, &D.Y, &D.Z};
  for (size_t I = 0; I < N; ++I)
    *Dims[I] = Positive(F.child(I));
  return D;
}

ArgSpec parseArg(const Field &F, const Scope &S) {
  ArgSpec A;
  if (F.J.is_string()) {
    A.K = ArgSpec::Buffer;
    A.Name = S.buffer(F).Name;
    return A;
  }
  F.requireObject();
  if (F.J.size() != 1)
    F.fail("expected a buffer name, {\"counter\": name} or {\"<type>\": value}");
  auto [Key, V] = *F.J.items().begin();
  Field Value = F.child(Key);
  if (Key == "counter") {
    A.K = ArgSpec::Counter;
    A.Name = Value.str();
    if (std::find(S.Counters.begin(), S.Counters.end(), A.Name) ==
        S.Counters.end())
      Value.fail("no enclosing loop has a counter named '" + A.Name + "'");
    return A;
  }
  A.K = ArgSpec::Scalar;
  nlohmann::ordered_json TypeName = Key; // the key names the scalar's type
  A.Type = Field{TypeName, F.File, F.Path}.elemType();
  A.Value = Value.number();
  return A;
}

Step parseLaunch(const Field &F, const Scope &S) {
  F.allowOnly({"launch", "grid", "block", "shared", "args"});
  Step St{Step::Launch};
  St.Kernel = F.at("launch").str();
  St.Grid = parseDim(F.at("grid"));
  St.Block = parseDim(F.at("block"));
  if (St.Block.count() > 1024)
    F.at("block").fail("a block holds at most 1024 threads, not " +
                       std::to_string(St.Block.count()));
  if (F.has("shared"))
    St.SharedBytes = unsigned(F.at("shared").count());
  if (F.has("args")) {
    Field Args = F.at("args");
    for (size_t I = 0, N = Args.size(); I < N; ++I)
      St.Args.push_back(parseArg(Args.child(I), S));
  }
  return St;
}

/// Two buffers that must agree in type and size (copy, swap).
void checkSameShape(const Field &F, const BufferSpec &A, const BufferSpec &B) {
  if (A.Type != B.Type || A.Count != B.Count)
    F.fail("'" + A.Name + "' and '" + B.Name + "' differ in type or count");
}

Step parseLoop(const Field &F, Scope &S, Step::Kind K) {
  Step St{K};
  if (K == Step::Repeat) {
    F.allowOnly({"repeat", "counter", "steps"});
    St.Times = F.at("repeat").count();
  } else {
    F.allowOnly({"until_zero", "max", "counter", "steps"});
    St.From = S.buffer(F.at("until_zero")).Name;
    St.Times = F.at("max").count();
  }
  if (F.has("counter"))
    St.Counter = F.at("counter").str();
  S.Counters.push_back(St.Counter);
  St.Body = parseSteps(F.at("steps"), S);
  S.Counters.pop_back();
  return St;
}

Step parseStep(const Field &F, Scope &S) {
  F.requireObject();
  if (F.has("launch"))
    return parseLaunch(F, S);
  if (F.has("repeat"))
    return parseLoop(F, S, Step::Repeat);
  if (F.has("until_zero"))
    return parseLoop(F, S, Step::UntilZero);
  if (F.J.size() != 1)
    F.fail("expected one of launch, copy, fill, swap, constant, repeat, until_zero");
  Step St{Step::Copy};
  if (F.has("copy")) {
    Field C = F.at("copy");
    C.allowOnly({"from", "to"});
    const BufferSpec &From = S.buffer(C.at("from")), &To = S.buffer(C.at("to"));
    checkSameShape(C, From, To);
    St.From = From.Name;
    St.To = To.Name;
  } else if (F.has("fill")) {
    Field C = F.at("fill");
    C.allowOnly({"buffer", "value"});
    St.K = Step::Fill;
    St.To = S.buffer(C.at("buffer")).Name;
    St.Value = C.at("value").number();
  } else if (F.has("swap")) {
    Field C = F.at("swap");
    if (C.size() != 2)
      C.fail("expected two buffer names");
    const BufferSpec &A = S.buffer(C.child(0)), &B = S.buffer(C.child(1));
    checkSameShape(C, A, B);
    St.K = Step::Swap;
    St.From = A.Name;
    St.To = B.Name;
  } else if (F.has("constant")) {
    Field C = F.at("constant");
    C.allowOnly({"symbol", "buffer"});
    St.K = Step::SetConstant;
    St.Symbol = C.at("symbol").str();
    St.From = S.buffer(C.at("buffer")).Name;
  } else {
    F.fail("unknown step '" + F.J.items().begin().key() +
           "' (expected launch, copy, fill, swap, constant, repeat, until_zero)");
  }
  return St;
}

} // namespace

std::vector<Step> parseSteps(const Field &F, Scope &S) {
  std::vector<Step> Steps;
  for (size_t I = 0, N = F.size(); I < N; ++I)
    Steps.push_back(parseStep(F.child(I), S));
  if (Steps.empty())
    F.fail("expected at least one step");
  return Steps;
}

} // namespace gevo
