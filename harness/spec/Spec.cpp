//===- Spec.cpp - Parse and check a tests dir's spec.json -------------------===//

#include "gevo/harness/Spec.h"
#include "SpecJson.h"

#include "llvm/Support/MemoryBuffer.h"

#include <filesystem>
#include <set>

using json = nlohmann::ordered_json;

namespace gevo {

namespace {

/// Driver cases may also use the "driver" metric.
Tolerance parseTolerance(const Field &F, bool DriverCase) {
  F.allowOnly({"metric", "max"});
  Tolerance T;
  std::string M = F.at("metric").str();
  if (M == "exact")
    T.M = Metric::Exact;
  else if (M == "max_abs")
    T.M = Metric::MaxAbs;
  else if (M == "max_rel")
    T.M = Metric::MaxRel;
  else if (M == "mismatch_fraction")
    T.M = Metric::MismatchFraction;
  else if (M == "driver" && DriverCase)
    T.M = Metric::Driver;
  else if (M == "driver")
    F.at("metric").fail("the 'driver' metric needs a driver case");
  else
    F.at("metric").fail("unknown metric '" + M +
                        "' (expected exact, max_abs, max_rel, "
                        "mismatch_fraction, driver)");
  if (T.M != Metric::Exact)
    T.Max = F.at("max").number();
  return T;
}

/// "name", or {"buffer": name, "compare": "elementwise" | "multiset",
/// "count": the integer buffer whose first element says how many count}.
OutputSpec parseOutput(const Field &F, const Scope &S) {
  OutputSpec O;
  if (F.J.is_string()) {
    O.Buffer = S.buffer(F).Name;
    return O;
  }
  if (!F.J.is_object())
    F.fail("expected a buffer name or {\"buffer\", \"compare\", \"count\"}");
  F.allowOnly({"buffer", "compare", "count"});
  O.Buffer = S.buffer(F.at("buffer")).Name;
  if (F.has("compare")) {
    std::string C = F.at("compare").str();
    if (C != "elementwise" && C != "multiset")
      F.at("compare").fail("unknown comparison '" + C +
                           "' (expected elementwise, multiset)");
    O.Multiset = C == "multiset";
  }
  if (F.has("count")) {
    Field Count = F.at("count");
    const BufferSpec &B = S.buffer(Count);
    if (isFloat(B.Type))
      Count.fail("buffer '" + B.Name + "' is " + elemTypeName(B.Type) +
                 "; a count needs an integer type");
    if (B.Name == O.Buffer)
      Count.fail("an output cannot be its own count");
    O.CountBuffer = B.Name;
  }
  return O;
}

/// {"name", "driver": "x.cpp" | "x.so", "params": {...}, "tolerance"}.
CaseSpec parseDriverCase(const Field &F, const std::string &Dir, bool HeldOut) {
  for (const char *Key : {"buffers", "steps", "outputs"})
    if (F.has(Key))
      F.child(Key).fail("not allowed in a driver case (the driver allocates, "
                        "launches and reports its own outputs)");
  F.allowOnly({"name", "driver", "params", "tolerance"});
  CaseSpec C;
  C.Name = F.at("name").str();
  Field Source = F.at("driver");
  DriverSpec D;
  D.TestsDir = std::filesystem::absolute(Dir).lexically_normal().string();
  D.Source = (std::filesystem::path(D.TestsDir) / Source.str())
                 .lexically_normal()
                 .string();
  D.HeldOut = HeldOut;
  D.Where = Source.File + Source.Path;
  std::string Ext = std::filesystem::path(D.Source).extension().string();
  if (Ext != ".cpp" && Ext != ".so")
    Source.fail("expected a .cpp source or a .so shared object, got '" +
                Source.str() + "'");
  if (!std::filesystem::is_regular_file(D.Source))
    Source.fail("cannot read '" + D.Source + "'");
  if (Ext == ".so")
    D.Library = D.Source;
  if (F.has("params")) {
    F.at("params").requireObject();
    D.Params = F.at("params").J.dump();
  }
  C.Driver = std::move(D);
  if (F.has("tolerance"))
    C.Tol = parseTolerance(F.at("tolerance"), /*DriverCase=*/true);
  return C;
}

CaseSpec parseCase(const Field &F, const std::string &Dir, bool HeldOut) {
  if (F.has("driver"))
    return parseDriverCase(F, Dir, HeldOut);
  F.allowOnly({"name", "buffers", "steps", "outputs", "tolerance"});
  CaseSpec C;
  C.Name = F.at("name").str();
  Field Buffers = F.at("buffers");
  Buffers.requireObject();
  for (auto &[Name, J] : Buffers.J.items())
    C.Buffers.push_back(parseBuffer(Buffers.child(Name), Name, Dir));
  if (C.Buffers.empty())
    Buffers.fail("a case needs at least one buffer");
  Scope S{C.Buffers, {}};
  C.Steps = parseSteps(F.at("steps"), S);
  Field Outputs = F.at("outputs");
  for (size_t I = 0, N = Outputs.size(); I < N; ++I)
    C.Outputs.push_back(parseOutput(Outputs.child(I), S));
  if (C.Outputs.empty())
    Outputs.fail("a case needs at least one output buffer");
  if (F.has("tolerance"))
    C.Tol = parseTolerance(F.at("tolerance"), /*DriverCase=*/false);
  return C;
}

std::vector<CaseSpec> parseCases(const Field &F, const std::string &Dir,
                                 std::set<std::string> &Names, bool HeldOut) {
  std::vector<CaseSpec> Cases;
  for (size_t I = 0, N = F.size(); I < N; ++I) {
    Cases.push_back(parseCase(F.child(I), Dir, HeldOut));
    if (!Names.insert(Cases.back().Name).second)
      F.child(I).at("name").fail("a case named '" + Cases.back().Name +
                                 "' already exists");
  }
  return Cases;
}

} // namespace

llvm::Expected<Spec> parseSpec(const std::string &Text, const std::string &Where,
                               const std::string &Dir) {
  json J = json::parse(Text, nullptr, /*allow_exceptions=*/false,
                       /*ignore_comments=*/true);
  if (J.is_discarded())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Where + ": not valid JSON");
  try {
    Field Root{J, Where + ": ", ""};
    Root.allowOnly({"cases", "heldout"});
    Spec S;
    S.Dir = Dir;
    std::set<std::string> Names;
    S.Cases = parseCases(Root.at("cases"), Dir, Names, /*HeldOut=*/false);
    if (S.Cases.empty())
      Root.at("cases").fail("needs at least one case");
    if (Root.has("heldout"))
      S.HeldOut = parseCases(Root.at("heldout"), Dir, Names, /*HeldOut=*/true);
    return S;
  } catch (const SpecError &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), E.Message);
  }
}

llvm::Expected<Spec> loadSpec(const std::string &Path) {
  std::filesystem::path P(Path);
  if (std::filesystem::is_directory(P))
    P /= "spec.json";
  auto Buf = llvm::MemoryBuffer::getFile(P.string(), /*IsText=*/true);
  if (!Buf)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read '" + P.string() +
                                       "': " + Buf.getError().message());
  return parseSpec((*Buf)->getBuffer().str(), P.string(),
                   P.parent_path().string());
}

} // namespace gevo
