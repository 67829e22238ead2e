//===- Spec.cpp - Parse and check a tests dir's spec.json -------------------===//

#include "gevo/harness/Spec.h"
#include "SpecJson.h"

#include "gevo/support/EnumNames.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>

using json = nlohmann::ordered_json;

namespace gevo {

constexpr EnumName<Metric> Metrics[] = {
    {Metric::Exact, "exact"},
    {Metric::MaxAbs, "max_abs"},
    {Metric::MaxRel, "max_rel"},
    {Metric::MismatchFraction, "mismatch_fraction"},
    {Metric::Driver, "driver"}};

const char *metricName(Metric M) { return nameOf(Metrics, M); }

namespace {

/// Parameter definitions in order: each a number or an expression of the
/// ones before it.
/// (A Field holds a reference: it is replaced by emplace, not assigned.)
using ParamDefs = std::vector<std::pair<std::string, std::optional<Field>>>;

bool isIdentifier(const std::string &Name) {
  if (Name.empty() || std::isdigit(uint8_t(Name[0])) || Name == "min" ||
      Name == "max")
    return false;
  return std::all_of(Name.begin(), Name.end(), [](char C) {
    return std::isalnum(uint8_t(C)) || C == '_';
  });
}

/// Defs overlaid with F's definitions ("params": {name: number or
/// expression}): a name already defined keeps its place.
ParamDefs overlayParams(ParamDefs Defs, const Field &F) {
  F.requireObject();
  for (auto &[Name, J] : F.J.items()) {
    Field Def = F.child(Name);
    if (!isIdentifier(Name))
      Def.fail("'" + Name + "' is not a parameter name (letters, digits and "
                            "_, not starting with a digit; not min or max)");
    auto It = std::find_if(Defs.begin(), Defs.end(),
                           [&](auto &D) { return D.first == Name; });
    if (It != Defs.end())
      It->second.emplace(Def);
    else
      Defs.emplace_back(Name, Def);
  }
  return Defs;
}

/// The values of Defs in order, those in Fixed (drawn or given values)
/// replaced; Fixed's others come first, for Defs to use.
Params evalParams(const ParamDefs &Defs, const Params &Fixed) {
  Params P = Fixed;
  for (auto &[Name, Def] : Defs) {
    auto It = Fixed.find(Name);
    ExprValue V =
        It != Fixed.end() ? It->second : parseExpr(*Def, P).constant();
    P[Name] = V;
  }
  return P;
}

/// Driver cases may also use the "driver" metric.
Tolerance parseTolerance(const Field &F, bool DriverCase) {
  F.allowOnly({"metric", "max"});
  Tolerance T;
  Field Name = F.at("metric");
  std::string M = Name.str();
  std::optional<Metric> Parsed = parseName(Metrics, M);
  if (!Parsed)
    Name.fail("unknown metric '" + M + "' (expected " + nameList(Metrics) +
              ")");
  if (*Parsed == Metric::Driver && !DriverCase)
    Name.fail("the 'driver' metric needs a driver case");
  T.M = *Parsed;
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

/// A case's "target": "cpu", "gpu" or "both" (the default).
CaseTarget parseCaseTarget(const Field &F) {
  if (!F.has("target"))
    return CaseTarget::Both;
  Field T = F.at("target");
  std::string Name = T.str();
  if (Name == "cpu")
    return CaseTarget::Cpu;
  if (Name == "gpu")
    return CaseTarget::Gpu;
  if (Name != "both")
    T.fail("expected \"cpu\", \"gpu\" or \"both\", got '" + Name + "'");
  return CaseTarget::Both;
}

/// {"name", "driver": "x.cpp" | "x.so", "params": {...}, "tolerance"}.
CaseSpec parseDriverCase(const Field &F, const std::string &Dir, bool HeldOut,
                         const ParamDefs &Top, const Params &Fixed) {
  for (const char *Key : {"buffers", "steps", "outputs"})
    if (F.has(Key))
      F.child(Key).fail("not allowed in a driver case (the driver allocates, "
                        "launches and reports its own outputs)");
  F.allowOnly({"name", "driver", "params", "tolerance", "target"});
  CaseSpec C;
  C.Name = F.at("name").str();
  C.Where = parseCaseTarget(F);
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
  // The driver's own params as written; the spec-wide ones it does not set
  // and the drawn ones added as numbers.
  C.Params = evalParams(Top, Fixed);
  json Own = json::object();
  if (F.has("params")) {
    F.at("params").requireObject();
    Own = F.at("params").J;
  }
  for (auto &[Name, V] : C.Params)
    if (!Own.contains(Name) || Fixed.count(Name))
      Own[Name] = V.Int ? json(V.I) : json(V.D);
  D.Params = Own.dump();
  C.Driver = std::move(D);
  if (F.has("tolerance"))
    C.Tol = parseTolerance(F.at("tolerance"), /*DriverCase=*/true);
  return C;
}

CaseSpec parseCase(const Field &F, const std::string &Dir, bool HeldOut,
                   const ParamDefs &Top, const Params &Fixed = {}) {
  if (F.has("driver"))
    return parseDriverCase(F, Dir, HeldOut, Top, Fixed);
  F.allowOnly(
      {"name", "params", "buffers", "steps", "outputs", "tolerance", "target"});
  CaseSpec C;
  C.Name = F.at("name").str();
  C.Where = parseCaseTarget(F);
  C.Params = evalParams(
      F.has("params") ? overlayParams(Top, F.at("params")) : Top, Fixed);
  Field Buffers = F.at("buffers");
  Buffers.requireObject();
  for (auto &[Name, J] : Buffers.J.items())
    C.Buffers.push_back(parseBuffer(Buffers.child(Name), Name, Dir, C.Params));
  if (C.Buffers.empty())
    Buffers.fail("a case needs at least one buffer");
  Scope S{C.Buffers, C.Params, {}};
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
                                 std::set<std::string> &Names, bool HeldOut,
                                 const ParamDefs &Top) {
  std::vector<CaseSpec> Cases;
  for (size_t I = 0, N = F.size(); I < N; ++I) {
    Cases.push_back(parseCase(F.child(I), Dir, HeldOut, Top));
    if (!Names.insert(Cases.back().Name).second)
      F.child(I).at("name").fail("a case named '" + Cases.back().Name +
                                 "' already exists");
  }
  return Cases;
}

/// "vary": {name: {"min", "max", "step"} or {"values": [...]}}, each name
/// a spec-wide parameter.
std::vector<ParamRange> parseVary(const Field &F, const ParamDefs &Top) {
  F.requireObject();
  std::vector<ParamRange> Out;
  for (auto &[Name, J] : F.J.items()) {
    Field R = F.child(Name);
    if (std::none_of(Top.begin(), Top.end(),
                     [&](auto &D) { return D.first == Name; }))
      R.fail("'" + Name + "' is not a spec-wide parameter (declare it in "
                          "\"params\" with the value cases take by default)");
    ParamRange P;
    P.Name = Name;
    if (R.has("values")) {
      R.allowOnly({"values"});
      Field V = R.at("values");
      for (size_t I = 0, N = V.size(); I < N; ++I)
        P.Values.push_back(V.child(I).number());
      if (P.Values.empty())
        V.fail("expected at least one value");
      Out.push_back(P);
      continue;
    }
    R.allowOnly({"min", "max", "step"});
    P.Min = R.at("min").number();
    P.Max = R.at("max").number();
    if (!(P.Min <= P.Max))
      R.fail("min is above max");
    P.Real = !R.at("min").J.is_number_integer() ||
             !R.at("max").J.is_number_integer();
    if (R.has("step")) {
      if (P.Real)
        R.at("step").fail("a step needs an integer min and max");
      P.Step = double(R.at("step").count());
      if (P.Step == 0)
        R.at("step").fail("expected a positive integer");
    }
    Out.push_back(P);
  }
  return Out;
}

/// A value for R from the generator state X (splitmix64).
ExprValue drawValue(const ParamRange &R, uint64_t &X) {
  X += 0x9e3779b97f4a7c15ULL;
  uint64_t Z = X;
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  Z ^= Z >> 31;
  auto Number = [](double V) {
    return V == std::floor(V) && std::fabs(V) < 9e15
               ? ExprValue::integer(int64_t(V))
               : ExprValue::real(V);
  };
  if (!R.Values.empty())
    return Number(R.Values[Z % R.Values.size()]);
  if (R.Real)
    return ExprValue::real(R.Min + (R.Max - R.Min) * double(Z >> 11) * 0x1p-53);
  uint64_t Steps = uint64_t((R.Max - R.Min) / R.Step) + 1;
  return Number(R.Min + R.Step * double(Z % Steps));
}

/// The spec-wide parameter definitions of Root.
ParamDefs topParams(const Field &Root) {
  return Root.has("params") ? overlayParams({}, Root.at("params"))
                             : ParamDefs{};
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
    Root.allowOnly({"params", "vary", "cases", "heldout"});
    Spec S;
    S.Dir = Dir;
    S.Text = Text;
    S.Where = Where;
    ParamDefs Top = topParams(Root);
    std::set<std::string> Names;
    S.Cases = parseCases(Root.at("cases"), Dir, Names, /*HeldOut=*/false, Top);
    if (S.Cases.empty())
      Root.at("cases").fail("needs at least one case");
    if (Root.has("heldout"))
      S.HeldOut =
          parseCases(Root.at("heldout"), Dir, Names, /*HeldOut=*/true, Top);
    if (Root.has("vary"))
      S.Vary = parseVary(Root.at("vary"), Top);
    return S;
  } catch (const SpecError &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), E.Message);
  }
}

llvm::Expected<std::vector<CaseSpec>> drawCases(const Spec &S, unsigned N,
                                                uint64_t Seed) {
  std::vector<CaseSpec> Out;
  if (S.Vary.empty() || N == 0)
    return Out;
  json J = json::parse(S.Text, nullptr, /*allow_exceptions=*/false,
                       /*ignore_comments=*/true);
  try {
    Field Root{J, S.Where + ": ", ""};
    ParamDefs Top = topParams(Root);
    std::vector<Field> Templates;
    for (const char *List : {"cases", "heldout"})
      if (Root.has(List))
        for (size_t I = 0, M = Root.at(List).size(); I < M; ++I)
          Templates.push_back(Root.at(List).child(I));
    std::set<std::string> Names;
    uint64_t X = Seed ^ 0x6765766f64726177ULL; // "gevodraw"
    // A draw that repeats an earlier case is drawn again, a few times.
    for (unsigned K = 0, Tries = 0; Out.size() < N && Tries < 8 * N; ++Tries) {
      const Field &T = Templates[K % Templates.size()];
      Params Fixed;
      std::string Name = T.at("name").str() + "@";
      for (const ParamRange &R : S.Vary) {
        ExprValue V = drawValue(R, X);
        Fixed[R.Name] = V;
        Name += (Name.back() == '@' ? "" : ",") + R.Name + "=" + Expr(V).str();
      }
      if (!Names.insert(Name).second)
        continue;
      ++K;
      try {
        Out.push_back(parseCase(T, S.Dir, /*HeldOut=*/true, Top, Fixed));
      } catch (const SpecError &E) {
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "drawn case '" + Name + "': " + E.Message +
                " (narrow the range in \"vary\" to sizes the case supports)");
      }
      Out.back().Name = Name;
    }
    return Out;
  } catch (const SpecError &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), E.Message);
  }
}

llvm::Expected<std::vector<CaseSpec>> instantiateCases(const Spec &S,
                                                       const Params &Given) {
  json J = json::parse(S.Text, nullptr, /*allow_exceptions=*/false,
                       /*ignore_comments=*/true);
  try {
    Field Root{J, S.Where + ": ", ""};
    ParamDefs Top = topParams(Root);
    std::vector<CaseSpec> Out;
    Field Cases = Root.at("cases");
    for (size_t I = 0, N = Cases.size(); I < N; ++I)
      Out.push_back(parseCase(Cases.child(I), S.Dir, /*HeldOut=*/false, Top,
                              Given));
    return Out;
  } catch (const SpecError &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), E.Message);
  }
}

Spec casesFor(const Spec &S, bool Gpu) {
  CaseTarget Other = Gpu ? CaseTarget::Cpu : CaseTarget::Gpu;
  Spec Out = S;
  for (auto *Cases : {&Out.Cases, &Out.HeldOut})
    Cases->erase(std::remove_if(Cases->begin(), Cases->end(),
                                [&](const CaseSpec &C) { return C.Where == Other; }),
                 Cases->end());
  return Out;
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
