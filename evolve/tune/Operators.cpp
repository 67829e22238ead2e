//===- Operators.cpp - Parametric tensor operators for live tuning ---------===//

#include "gevo/evolve/tune/Operators.h"

#include "TuneError.h"

#include "gevo/support/EnumNames.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <sstream>

namespace gevo::evolve::tune {

using nlohmann::json;

constexpr EnumName<OperatorKind> OperatorKinds[] = {
    {OperatorKind::MatMul, "matmul"},
    {OperatorKind::BatchMatMul, "batch_matmul"},
    {OperatorKind::Conv2D, "conv2d"}};

const char *operatorKindName(OperatorKind K) {
  return nameOf(OperatorKinds, K);
}

double OperatorShape::flops() const {
  if (Kind == OperatorKind::Conv2D)
    return 2.0 * Batch * Cout * hout() * wout() * Cin * Hk * Wk;
  return 2.0 * Batch * N * M * K;
}

const char *OperatorShape::source() const {
  return Kind == OperatorKind::Conv2D ? "conv2d.cu" : "matmul.cu";
}

const char *OperatorShape::kernel() const {
  return Kind == OperatorKind::Conv2D ? "conv2d" : "matmul";
}

namespace {

using Sizes = std::map<std::string, uint64_t>;

/// Named sizes per kind: "" is the small default (a fraction of the first
/// paper operator), the others OpEvo appendix B.
const std::map<std::string, Sizes> &presets(OperatorKind K) {
  static const std::map<std::string, Sizes> Mm = {
      {"", {{"n", 64}, {"k", 128}, {"m", 128}}},
      {"MM1", {{"n", 512}, {"k", 1024}, {"m", 1024}}},
      {"MM2", {{"n", 512}, {"k", 1024}, {"m", 4096}}},
      {"MM3", {{"n", 512}, {"k", 4096}, {"m", 1024}}}};
  static const std::map<std::string, Sizes> Bmm = {
      {"", {{"batch", 8}, {"n", 32}, {"k", 32}, {"m", 16}, {"trans_a", 0}, {"trans_b", 0}}},
      {"BMM1", {{"batch", 960}, {"n", 128}, {"k", 128}, {"m", 64}, {"trans_a", 0}, {"trans_b", 0}}},
      {"BMM2", {{"batch", 960}, {"n", 128}, {"k", 128}, {"m", 64}, {"trans_a", 1}, {"trans_b", 0}}},
      {"BMM3", {{"batch", 960}, {"n", 128}, {"k", 64}, {"m", 128}, {"trans_a", 0}, {"trans_b", 1}}}};
  static const std::map<std::string, Sizes> Conv = {
      {"", {{"batch", 1}, {"cin", 8}, {"h", 16}, {"w", 16}, {"cout", 16},
            {"hk", 5}, {"wk", 5}, {"stride", 1}, {"pad", 2}}},
      {"C1", {{"batch", 512}, {"cin", 3}, {"h", 227}, {"w", 227}, {"cout", 64},
              {"hk", 11}, {"wk", 11}, {"stride", 4}, {"pad", 0}}},
      {"C2", {{"batch", 512}, {"cin", 64}, {"h", 27}, {"w", 27}, {"cout", 192},
              {"hk", 5}, {"wk", 5}, {"stride", 1}, {"pad", 2}}}};
  return K == OperatorKind::MatMul        ? Mm
         : K == OperatorKind::BatchMatMul ? Bmm
                                          : Conv;
}

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Out;
  std::stringstream SS(S);
  for (std::string Item; std::getline(SS, Item, Sep);)
    Out.push_back(Item);
  return Out;
}

llvm::Expected<uint64_t> parseCount(const std::string &Key, const std::string &V) {
  size_t End = 0;
  unsigned long long X = 0;
  try {
    X = std::stoull(V, &End);
  } catch (const std::logic_error &) { // invalid_argument, out_of_range
    End = 0;
  }
  if (V.empty() || End != V.size() || V[0] == '-' || X > (1ull << 31))
    return tuneError("--size: " + Key + "=" + V + " is not a count");
  return X;
}

/// The preset named in Size (if any) with the key=value overrides applied.
llvm::Expected<Sizes> resolveSizes(OperatorKind K, const std::string &Size,
                                   std::string &Name) {
  const auto &P = presets(K);
  Sizes Out = P.at("");
  Name.clear();
  bool Overridden = false;
  for (const std::string &Item : split(Size, ',')) {
    auto Eq = Item.find('=');
    if (Eq == std::string::npos) {
      auto It = P.find(Item);
      if (Item.empty() || It == P.end() || !Name.empty())
        return tuneError("--size: '" + Item + "' is not a " +
                         operatorKindName(K) + " operator (see --help)");
      Out = It->second;
      Name = Item;
      continue;
    }
    std::string Key = Item.substr(0, Eq);
    if (!Out.count(Key))
      return tuneError("--size: " + std::string(operatorKindName(K)) +
                       " has no size '" + Key + "'");
    llvm::Expected<uint64_t> Count = parseCount(Key, Item.substr(Eq + 1));
    if (!Count)
      return Count.takeError();
    Out[Key] = *Count;
    Overridden = true;
  }
  if (Overridden || Name.empty()) {
    std::string Desc = operatorKindName(K);
    for (const auto &[Key, V] : Out)
      Desc += (Desc.size() == std::string(operatorKindName(K)).size() ? " " : ",") +
              Key + "=" + std::to_string(V);
    Name = Desc;
  }
  return Out;
}

/// Every size positive, every buffer indexable with int.
llvm::Error checkShape(const OperatorShape &Op) {
  using Count = std::pair<const char *, double>;
  auto Check = [](std::initializer_list<Count> Positive,
                  std::initializer_list<Count> Elements) -> llvm::Error {
    for (auto [Key, V] : Positive)
      if (V == 0)
        return tuneError(std::string("--size: ") + Key + " must be positive");
    for (auto [What, Elems] : Elements)
      if (Elems >= 2147483648.0)
        return tuneError(std::string("--size: the ") + What +
                         " has 2^31 elements or more (the kernels index with int)");
    return llvm::Error::success();
  };
  double B = double(Op.Batch);
  if (Op.Kind != OperatorKind::Conv2D)
    return Check({{"batch", B}, {"n", Op.N}, {"k", Op.K}, {"m", Op.M}},
                 {{"A", B * Op.N * Op.K}, {"B", B * Op.K * Op.M}, {"C", B * Op.N * Op.M}});
  if (llvm::Error E = Check({{"batch", B}, {"cin", Op.Cin}, {"h", Op.H}, {"w", Op.W},
                             {"cout", Op.Cout}, {"hk", Op.Hk}, {"wk", Op.Wk},
                             {"stride", Op.Stride}},
                            {}))
    return E;
  if (Op.Hk > Op.H + 2 * Op.Pad || Op.Wk > Op.W + 2 * Op.Pad)
    return tuneError("--size: the kernel is larger than the padded image");
  return Check({}, {{"input", B * Op.Cin * Op.H * Op.W},
                    {"output", B * Op.Cout * Op.hout() * Op.wout()}});
}

} // namespace

llvm::Expected<OperatorShape> parseOperator(const std::string &Kind,
                                            const std::string &Size) {
  OperatorShape Op;
  if (std::optional<OperatorKind> K = parseName(OperatorKinds, Kind))
    Op.Kind = *K;
  else
    return tuneError("unknown operator '" + Kind + "' (" +
                     nameList(OperatorKinds) + ")");
  llvm::Expected<Sizes> Resolved = resolveSizes(Op.Kind, Size, Op.Name);
  if (!Resolved)
    return Resolved.takeError();
  const Sizes &Z = *Resolved;
  auto Get = [&](const char *Key, uint64_t Default) {
    return Z.count(Key) ? Z.at(Key) : Default;
  };
  Op.Batch = Get("batch", 1);
  Op.N = Get("n", 1), Op.K = Get("k", 1), Op.M = Get("m", 1);
  Op.TransA = Get("trans_a", 0), Op.TransB = Get("trans_b", 0);
  Op.Cin = Get("cin", 1), Op.H = Get("h", 1), Op.W = Get("w", 1);
  Op.Cout = Get("cout", 1), Op.Hk = Get("hk", 1), Op.Wk = Get("wk", 1);
  Op.Stride = Get("stride", 1), Op.Pad = Get("pad", 0);
  if (Get("trans_a", 0) > 1 || Get("trans_b", 0) > 1)
    return tuneError("--size: trans_a and trans_b are 0 or 1");
  if (llvm::Error E = checkShape(Op))
    return E;
  return Op;
}

namespace {

/// A polynomial in parameter values: terms of a coefficient times factors
/// ("N[1]", 0-based slots), as a constraint's "sum".
using Poly = std::vector<std::pair<double, std::vector<std::string>>>;

Poly factorsOf(const std::string &Name, std::initializer_list<int> Slots) {
  std::vector<std::string> F;
  for (int I : Slots)
    F.push_back(Name + "[" + std::to_string(I) + "]");
  return {{1.0, F}};
}
Poly constant(double C) { return {{C, {}}}; }
Poly operator+(Poly A, const Poly &B) {
  A.insert(A.end(), B.begin(), B.end());
  return A;
}
Poly operator*(const Poly &A, const Poly &B) {
  Poly Out;
  for (const auto &[Ca, Fa] : A)
    for (const auto &[Cb, Fb] : B) {
      std::vector<std::string> F = Fa;
      F.insert(F.end(), Fb.begin(), Fb.end());
      Out.push_back({Ca * Cb, F});
    }
  return Out;
}

json atMost(const std::string &What, const Poly &P, double Max) {
  json Sum = json::array();
  for (const auto &[C, F] : P)
    Sum.push_back({{"coef", C}, {"product", F}});
  return {{"what", What}, {"sum", Sum}, {"max", Max}};
}

struct Factorization {
  const char *Name;
  uint64_t Total;
  unsigned Slots;
};

llvm::Error addFactorizations(Space &S, std::initializer_list<Factorization> Fs) {
  for (const Factorization &F : Fs)
    if (llvm::Error E = S.add(Param::factorization(F.Name, F.Total, F.Slots)))
      return E;
  return llvm::Error::success();
}

llvm::Error addConstraints(Space &S, const std::vector<json> &Cs) {
  for (const json &C : Cs)
    if (llvm::Error E = S.addConstraint(C))
      return E;
  return llvm::Error::success();
}

llvm::Error addMatMulParams(const OperatorShape &Op, const Limits &L, Space &S) {
  if (Op.Kind == OperatorKind::BatchMatMul)
    if (llvm::Error E = addFactorizations(S, {{"B", Op.Batch, 2}}))
      return E;
  if (llvm::Error E = addFactorizations(S, {{"N", Op.N, 4}, {"M", Op.M, 4}, {"K", Op.K, 3}}))
    return E;
  std::vector<json> Cs = {{{"what", "threads per block"},
                           {"product", {"N[2]", "M[2]"}},
                           {"max", L.ThreadsPerBlock}}};
  Poly BK = factorsOf("K", {1, 2}), K3 = factorsOf("K", {2});
  Poly BN = factorsOf("N", {1, 2, 3}), BM = factorsOf("M", {1, 2, 3});
  Poly TN = factorsOf("N", {1, 3}), TM = factorsOf("M", {1, 3});
  Cs.push_back(atMost("shared memory bytes", constant(4) * BK * (BN + BM),
                      L.SharedBytes));
  Cs.push_back(atMost("registers per thread", TN * TM + K3 * (TN + TM),
                      L.RegistersPerThread));
  if (Op.N > 65535)
    Cs.push_back(atMost("grid y blocks", factorsOf("N", {0}), 65535));
  if (Op.Batch > 65535)
    Cs.push_back(atMost("grid z blocks", factorsOf("B", {0}), 65535));
  return addConstraints(S, Cs);
}

llvm::Error addConv2DParams(const OperatorShape &Op, const Limits &L, Space &S) {
  if (llvm::Error E = addFactorizations(
          S, {{"Cout", Op.Cout, 4}, {"Hout", Op.hout(), 4}, {"Wout", Op.wout(), 4},
              {"Cin", Op.Cin, 2}, {"Hk", Op.Hk, 2}, {"Wk", Op.Wk, 2}}))
    return E;
  if (llvm::Error E = S.add(Param::discrete("auto_unroll_max_step", {0, 512, 1500})))
    return E;
  if (llvm::Error E = S.add(Param::categorical("unroll_explicit", {0, 1})))
    return E;
  std::vector<json> Cs = {{{"what", "threads per block"},
                           {"product", {"Cout[2]", "Hout[2]", "Wout[2]"}},
                           {"max", L.ThreadsPerBlock}}};
  double St = double(Op.Stride);
  Poly C2 = factorsOf("Cin", {1}), R2 = factorsOf("Hk", {1}), S2 = factorsOf("Wk", {1});
  Poly BF = factorsOf("Cout", {1, 2, 3});
  // The staged input patch: (BY - 1) * stride + r2 rows, likewise columns.
  Poly PH = constant(St) * factorsOf("Hout", {1, 2, 3}) + R2 + constant(-St);
  Poly PW = constant(St) * factorsOf("Wout", {1, 2, 3}) + S2 + constant(-St);
  Cs.push_back(atMost("shared memory bytes",
                      constant(4) * C2 * (R2 * S2 * BF + PH * PW), L.SharedBytes));
  Poly TF = factorsOf("Cout", {1, 3});
  Poly TYX = factorsOf("Hout", {1, 3}) * factorsOf("Wout", {1, 3});
  Cs.push_back(atMost("registers per thread", TF * TYX + TF + TYX,
                      L.RegistersPerThread));
  Cs.push_back(atMost("grid z blocks",
                      constant(double(Op.Batch)) * factorsOf("Cout", {0}), 65535));
  return addConstraints(S, Cs);
}

/// The parameters instantiate reads.
std::vector<const char *> paramNames(const OperatorShape &Op) {
  if (Op.Kind == OperatorKind::Conv2D)
    return {"Cout", "Hout", "Wout", "Cin", "Hk", "Wk", "auto_unroll_max_step",
            "unroll_explicit"};
  if (Op.Kind == OperatorKind::BatchMatMul)
    return {"B", "N", "M", "K"};
  return {"N", "M", "K"};
}

/// The raw values (factors) of parameter Name in C; instantiate checked
/// that S has it.
std::vector<uint64_t> factors(const Space &S, const Config &C, const char *Name) {
  std::optional<size_t> I = S.indexOf(Name);
  assert(I && "instantiate checks the parameters first");
  const std::vector<double> &R = S.param(*I).raw(C[*I]);
  return std::vector<uint64_t>(R.begin(), R.end());
}

void define(Instance &In, const std::string &Prefix, const std::vector<uint64_t> &F) {
  for (size_t I = 0; I < F.size(); ++I)
    In.Defines.push_back(Prefix + std::to_string(I + 1) + "=" + std::to_string(F[I]));
}

void define(Instance &In, const std::string &Name, uint64_t V) {
  In.Defines.push_back(Name + "=" + std::to_string(V));
}

Instance instantiateMatMul(const OperatorShape &Op, const Space &S, const Config &C) {
  Instance In;
  std::vector<uint64_t> N = factors(S, C, "N"), M = factors(S, C, "M");
  std::vector<uint64_t> B = {1, 1};
  if (Op.Kind == OperatorKind::BatchMatMul)
    B = factors(S, C, "B");
  define(In, "OP_N", N);
  define(In, "OP_M", M);
  define(In, "OP_K", factors(S, C, "K"));
  define(In, "OP_B", B);
  define(In, "OP_TRANS_A", Op.TransA);
  define(In, "OP_TRANS_B", Op.TransB);
  In.Grid = {unsigned(M[0]), unsigned(N[0]), unsigned(B[0])};
  In.Block = {unsigned(M[2]), unsigned(N[2]), 1};
  return In;
}

/// OP_UNROLL from TVM's knobs: 0 (no unrolling) when auto_unroll_max_step
/// is 0 or below the staged reduction's steps per thread, else 2 (the
/// kernel unrolls explicitly) with unroll_explicit, 1 (left to the
/// compiler) without.
unsigned unrollMode(const Space &S, const Config &C, uint64_t Steps) {
  size_t Max = *S.indexOf("auto_unroll_max_step");
  size_t Explicit = *S.indexOf("unroll_explicit");
  double MaxSteps = S.param(Max).raw(C[Max])[0];
  const json &E = S.param(Explicit).value(C[Explicit]);
  bool IsExplicit = E.is_boolean() ? E.get<bool>() : E.is_number() && E.get<double>() != 0;
  if (MaxSteps == 0 || double(Steps) > MaxSteps)
    return 0;
  return IsExplicit ? 2 : 1;
}

Instance instantiateConv2D(const OperatorShape &Op, const Space &S, const Config &C) {
  Instance In;
  std::vector<uint64_t> F = factors(S, C, "Cout"), Y = factors(S, C, "Hout"),
                        X = factors(S, C, "Wout"), Ci = factors(S, C, "Cin"),
                        R = factors(S, C, "Hk"), Sk = factors(S, C, "Wk");
  define(In, "OP_F", F);
  define(In, "OP_Y", Y);
  define(In, "OP_X", X);
  define(In, "OP_C", Ci);
  define(In, "OP_R", R);
  define(In, "OP_S", Sk);
  define(In, "OP_BATCH", Op.Batch);
  define(In, "OP_HIN", Op.H);
  define(In, "OP_WIN", Op.W);
  define(In, "OP_STRIDE", Op.Stride);
  define(In, "OP_PAD", Op.Pad);
  uint64_t Steps = Ci[1] * R[1] * Sk[1] * F[1] * F[3] * Y[1] * Y[3] * X[1] * X[3];
  define(In, "OP_UNROLL", unrollMode(S, C, Steps));
  In.Grid = {unsigned(X[0]), unsigned(Y[0]), unsigned(Op.Batch * F[0])};
  In.Block = {unsigned(X[2]), unsigned(Y[2]), unsigned(F[2])};
  return In;
}

} // namespace

llvm::Expected<Space> operatorSpace(const OperatorShape &Op, const Limits &L) {
  Space S;
  S.setName(Op.Name);
  if (llvm::Error E = Op.Kind == OperatorKind::Conv2D ? addConv2DParams(Op, L, S)
                                                      : addMatMulParams(Op, L, S))
    return prefixed(Op.Name, std::move(E));
  return S;
}

llvm::Expected<Instance> instantiate(const OperatorShape &Op, const Space &S,
                                     const Config &C) {
  for (const char *Name : paramNames(Op))
    if (!S.indexOf(Name))
      return tuneError(std::string("the space has no parameter '") + Name + "'");
  return Op.Kind == OperatorKind::Conv2D ? instantiateConv2D(Op, S, C)
                                         : instantiateMatMul(Op, S, C);
}

} // namespace gevo::evolve::tune
