//===- SpecSteps.cpp - The steps of a launch plan ---------------------------===//

#include "SpecJson.h"

#include <algorithm>

namespace gevo {

namespace {

/// A grid or block: a number, an expression, or 1 to 3 of them (x, y, z;
/// missing ones are 1). Constant dimensions are checked here, others when
/// the plan runs (checkDims).
void parseDim(const Field &F, const Scope &S, Expr (&D)[3]) {
  std::vector<Field> Dims;
  if (F.J.is_array()) {
    size_t N = F.size();
    if (N == 0 || N > 3)
      F.fail("expected 1 to 3 dimensions");
    for (size_t I = 0; I < N; ++I)
      Dims.push_back(F.child(I));
  } else {
    Dims.push_back(F);
  }
  for (size_t I = 0; I < 3; ++I) {
    D[I] = I < Dims.size() ? S.expr(Dims[I]) : Expr(ExprValue::integer(1));
    if (!D[I].isConstant())
      continue;
    ExprValue V = D[I].constant();
    if (!V.Int || V.I < 1 || V.I > int64_t(UINT32_MAX))
      Dims[I].fail(Dims[I].J.is_string() ? "'" + D[I].text() + "' is " +
                                               Expr(V).str() +
                                               ", must be between 1 and 2^32-1"
                                         : "must be between 1 and 2^32-1");
  }
}

ArgSpec parseArg(const Field &F, const Scope &S) {
  ArgSpec A;
  if (F.J.is_string()) {
    A.K = ArgSpec::Buffer;
    A.Name = S.buffer(F).Name;
    return A;
  }
  F.requireObject();
  if (F.has("texture") || F.has("surface"))
    return parseTextureArg(F, S);
  if (F.J.size() != 1)
    F.fail("expected a buffer name, {\"counter\": name}, {\"expr\": "
           "expression}, {\"<type>\": value}, {\"texture\": buffer, ...} or "
           "{\"surface\": buffer, ...}");
  auto [Key, V] = *F.J.items().begin();
  Field Value = F.child(Key);
  A.K = ArgSpec::Scalar;
  if (Key == "counter") {
    std::string Name = Value.str();
    if (std::find(S.Counters.begin(), S.Counters.end(), Name) ==
        S.Counters.end())
      Value.fail("no enclosing loop has a counter named '" + Name + "'");
  }
  if (Key != "counter" && Key != "expr") {
    nlohmann::ordered_json TypeName = Key; // the key names the scalar's type
    A.Type = Field{TypeName, F.File, F.Path}.elemType();
  }
  A.Value = S.expr(Value);
  return A;
}

Step parseLaunch(const Field &F, const Scope &S) {
  F.allowOnly({"launch", "grid", "block", "shared", "args", "cooperative"});
  Step St{Step::Launch};
  St.Where = F.File + F.Path;
  St.Kernel = F.at("launch").str();
  parseDim(F.at("grid"), S, St.Grid);
  parseDim(F.at("block"), S, St.Block);
  if (std::all_of(std::begin(St.Block), std::end(St.Block),
                  [](const Expr &E) { return E.isConstant(); })) {
    uint64_t Threads = 1;
    for (const Expr &E : St.Block)
      Threads *= uint64_t(E.constant().I);
    if (Threads > 1024)
      F.at("block").fail("a block holds at most 1024 threads, not " +
                         std::to_string(Threads));
  }
  if (F.has("shared")) {
    St.Shared = S.expr(F.at("shared"));
    if (St.Shared.isConstant() &&
        (!St.Shared.constant().Int || St.Shared.constant().I < 0))
      F.at("shared").fail("expected a non-negative integer");
  }
  if (F.has("cooperative"))
    St.Cooperative = F.at("cooperative").boolean();
  if (F.has("args")) {
    Field Args = F.at("args");
    for (size_t I = 0, N = Args.size(); I < N; ++I)
      St.Args.push_back(parseArg(Args.child(I), S));
  }
  return St;
}

/// A loop's count: a non-negative integer, or an expression of the
/// enclosing loops' counters (checked when it runs).
Expr parseTimes(const Field &F, const Scope &S) {
  Expr E = S.expr(F);
  if (E.isConstant() && (!E.constant().Int || E.constant().I < 0))
    F.fail("expected a non-negative integer");
  return E;
}

/// St's buffers From and To (copy, swap), which must agree in type and size.
void setBuffers(Step &St, const Field &F, const BufferSpec &From,
                const BufferSpec &To) {
  if (From.Type != To.Type || From.Count != To.Count)
    F.fail("'" + From.Name + "' and '" + To.Name + "' differ in type or count");
  St.From = From.Name;
  St.To = To.Name;
}

Step parseLoop(const Field &F, Scope &S, Step::Kind K) {
  Step St{K};
  St.Where = F.File + F.Path;
  if (K == Step::Repeat) {
    F.allowOnly({"repeat", "counter", "steps"});
    St.Times = parseTimes(F.at("repeat"), S);
  } else {
    F.allowOnly({"until_zero", "max", "counter", "steps"});
    St.From = S.buffer(F.at("until_zero")).Name;
    St.Times = parseTimes(F.at("max"), S);
  }
  if (F.has("counter")) {
    St.Counter = F.at("counter").str();
    if (S.P.count(St.Counter))
      F.at("counter").fail("'" + St.Counter +
                           "' is a parameter; give the counter another name");
  }
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
  St.Where = F.File + F.Path;
  if (F.has("copy")) {
    Field C = F.at("copy");
    C.allowOnly({"from", "to"});
    const BufferSpec &From = S.buffer(C.at("from")), &To = S.buffer(C.at("to"));
    setBuffers(St, C, From, To);
  } else if (F.has("fill")) {
    Field C = F.at("fill");
    C.allowOnly({"buffer", "value"});
    St.K = Step::Fill;
    St.To = S.buffer(C.at("buffer")).Name;
    St.Value = S.expr(C.at("value"));
  } else if (F.has("swap")) {
    Field C = F.at("swap");
    if (C.size() != 2)
      C.fail("expected two buffer names");
    const BufferSpec &A = S.buffer(C.child(0)), &B = S.buffer(C.child(1));
    St.K = Step::Swap;
    setBuffers(St, C, A, B);
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
