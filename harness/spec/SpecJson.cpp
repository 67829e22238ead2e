//===- SpecJson.cpp - Fields and buffers of spec.json -----------------------===//

#include "SpecJson.h"

#include "gevo/support/EnumNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace gevo {

namespace {
constexpr EnumName<ElemType> TypeNames[] = {
    {ElemType::I8, "i8"},   {ElemType::U8, "u8"},   {ElemType::I32, "i32"},
    {ElemType::U32, "u32"}, {ElemType::I64, "i64"}, {ElemType::U64, "u64"},
    {ElemType::F32, "f32"}, {ElemType::F64, "f64"},
};
} // namespace

size_t elemSize(ElemType T) {
  switch (T) {
  case ElemType::I8:
  case ElemType::U8:
    return 1;
  case ElemType::I32:
  case ElemType::U32:
  case ElemType::F32:
    return 4;
  default:
    return 8;
  }
}

const char *elemTypeName(ElemType T) { return nameOf(TypeNames, T); }

bool isFloat(ElemType T) { return T == ElemType::F32 || T == ElemType::F64; }

void Field::fail(const std::string &Msg) const {
  throw SpecError{File + (Path.empty() ? "" : Path + ": ") + Msg};
}

Field Field::at(const std::string &Key) const {
  requireObject();
  if (!J.contains(Key))
    fail("missing field '" + Key + "'");
  return child(Key);
}

Field Field::child(const std::string &Key) const {
  return {J.at(Key), File, Path.empty() ? Key : Path + "." + Key};
}

Field Field::child(size_t I) const {
  return {J.at(I), File, Path + "[" + std::to_string(I) + "]"};
}

size_t Field::size() const {
  if (!J.is_array())
    fail("expected an array");
  return J.size();
}

void Field::requireObject() const {
  if (!J.is_object())
    fail("expected an object");
}

void Field::allowOnly(std::initializer_list<const char *> Keys) const {
  requireObject();
  for (auto &[Key, V] : J.items())
    if (std::none_of(Keys.begin(), Keys.end(),
                     [&](const char *K) { return Key == K; }))
      child(Key).fail("unknown field '" + Key + "'");
}

std::string Field::str() const {
  if (!J.is_string())
    fail("expected a string");
  return J.get<std::string>();
}

bool Field::boolean() const {
  if (!J.is_boolean())
    fail("expected true or false");
  return J.get<bool>();
}

double Field::number() const {
  if (!J.is_number())
    fail("expected a number");
  return J.get<double>();
}

uint64_t Field::count() const {
  if (!J.is_number_integer() || J.get<int64_t>() < 0)
    fail("expected a non-negative integer");
  return J.get<uint64_t>();
}

ElemType Field::elemType() const {
  std::string Name = str();
  if (std::optional<ElemType> T = parseName(TypeNames, Name))
    return *T;
  fail("unknown type '" + Name + "' (expected " + nameList(TypeNames) + ")");
}

Expr parseExpr(const Field &F, const Params &P,
               const std::vector<std::string> &Counters) {
  if (F.J.is_number_integer())
    return Expr(ExprValue::integer(F.J.get<int64_t>()));
  if (F.J.is_number())
    return Expr(ExprValue::real(F.J.get<double>()));
  if (!F.J.is_string())
    F.fail("expected a number or an expression");
  llvm::Expected<Expr> E = Expr::parse(F.J.get<std::string>(), P, Counters);
  if (!E)
    F.fail(llvm::toString(E.takeError()));
  return *E;
}

double paramNumber(const Field &F, const Params &P) {
  return parseExpr(F, P).constant().asDouble();
}

uint64_t paramCount(const Field &F, const Params &P) {
  ExprValue V = parseExpr(F, P).constant();
  if (!V.Int || V.I < 0)
    F.fail(F.J.is_string() ? "'" + F.J.get<std::string>() + "' is " +
                                 Expr(V).str() +
                                 ", expected a non-negative integer"
                           : "expected a non-negative integer");
  return uint64_t(V.I);
}

const BufferSpec &Scope::buffer(const Field &F) const {
  std::string Name = F.str();
  for (const BufferSpec &B : Buffers)
    if (B.Name == Name)
      return B;
  F.fail("unknown buffer '" + Name + "'");
}

/// The numbers of text file \p Path (white space or commas between them),
/// \p Count of them after the first \p Skip.
static std::vector<double> readTextValues(const Field &F,
                                          const std::string &Path,
                                          uint64_t Skip, uint64_t Count) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    F.fail("cannot read '" + Path + "': " + Buf.getError().message());
  llvm::StringRef Text = (*Buf)->getBuffer();
  std::vector<double> Values;
  uint64_t Seen = 0;
  while (Values.size() < Count) {
    Text = Text.ltrim(" \t\r\n,");
    if (Text.empty())
      F.fail("'" + Path + "' has " + std::to_string(Seen) + " values, " +
             std::to_string(Skip + Count) + " needed");
    llvm::StringRef Token = Text.take_until(
        [](char C) { return llvm::isSpace(C) || C == ','; });
    Text = Text.drop_front(Token.size());
    std::string S = Token.str();
    char *End = nullptr;
    double V = std::strtod(S.c_str(), &End);
    if (End != S.c_str() + S.size())
      F.fail("'" + Path + "': value " + std::to_string(Seen + 1) + " ('" + S +
             "') is not a number");
    if (Seen++ >= Skip)
      Values.push_back(V);
  }
  return Values;
}

/// `"file": "data.bin"` (raw, exactly count elements) or `"file": {"path":
/// ..., "format": "raw" | "text", "offset": N, "count": M}`: M elements
/// (default: the buffer's count; the rest are 0) after N bytes (raw) or N
/// values (text: numbers separated by white space or commas, read now, so
/// that a bad one is an error naming it).
static BufferInit parseFileInit(const Field &F, const BufferSpec &B,
                                const std::string &Dir, const Params &Par) {
  bool Plain = F.J.is_string();
  Field P = Plain ? F : F.at("path");
  if (!Plain)
    F.allowOnly({"path", "format", "offset", "count"});
  std::string Format = Plain || !F.has("format") ? "raw" : F.at("format").str();
  if (Format != "raw" && Format != "text")
    F.at("format").fail("expected raw or text, not '" + Format + "'");
  uint64_t Offset = Plain || !F.has("offset") ? 0
                                               : paramCount(F.at("offset"), Par);
  uint64_t Count = Plain || !F.has("count") ? B.Count
                                             : paramCount(F.at("count"), Par);
  if (Count > B.Count)
    F.at("count").fail(std::to_string(Count) + " elements do not fit in " +
                       std::to_string(B.Count));
  BufferInit I;
  I.Path = (std::filesystem::path(Dir) / P.str()).string();
  std::error_code EC;
  uintmax_t Size = std::filesystem::file_size(I.Path, EC);
  if (EC)
    P.fail("cannot read '" + I.Path + "': " + EC.message());
  if (Format == "text") {
    I.K = BufferInit::Values;
    I.List = readTextValues(P, I.Path, Offset, Count);
    I.List.resize(B.Count, 0);
    return I;
  }
  I.K = BufferInit::File;
  I.Offset = Offset;
  I.Elements = Count;
  uint64_t Need = Offset + Count * elemSize(B.Type);
  if (Plain ? Size != Need : Size < Need)
    P.fail("'" + I.Path + "' holds " + std::to_string(Size) + " bytes, " +
           (Offset ? std::to_string(Offset) + " skipped and " : "") +
           std::to_string(Count) + " " + elemTypeName(B.Type) +
           " elements need " + std::to_string(Need));
  return I;
}

static BufferInit parseInit(const Field &F, const BufferSpec &B,
                            const std::string &Dir, const Params &Par) {
  F.allowOnly({"fill", "values", "iota", "random", "dominant", "file"});
  if (F.J.size() != 1)
    F.fail("expected exactly one of fill, values, iota, random, dominant, "
           "file");
  BufferInit I;
  if (F.has("fill")) {
    I = BufferInit::filled(paramNumber(F.at("fill"), Par));
  } else if (F.has("values")) {
    I.K = BufferInit::Values;
    Field V = F.at("values");
    for (size_t K = 0, N = V.size(); K < N; ++K)
      I.List.push_back(paramNumber(V.child(K), Par));
    if (I.List.size() != B.Count)
      V.fail("has " + std::to_string(I.List.size()) + " values, count is " +
             std::to_string(B.Count));
  } else if (F.has("iota")) {
    I.K = BufferInit::Iota;
    Field Io = F.at("iota");
    Io.allowOnly({"start", "step"});
    I.Value = Io.has("start") ? paramNumber(Io.at("start"), Par) : 0;
    I.Step = Io.has("step") ? paramNumber(Io.at("step"), Par) : 1;
  } else if (F.has("random") || F.has("dominant")) {
    bool Matrix = F.has("dominant");
    I.K = Matrix ? BufferInit::Dominant : BufferInit::Random;
    Field R = F.at(Matrix ? "dominant" : "random");
    R.allowOnly({"seed", "min", "max"});
    I.Seed = paramCount(R.at("seed"), Par);
    I.Min = R.has("min") ? paramNumber(R.at("min"), Par) : Matrix ? -1 : 0;
    I.Max = R.has("max") ? paramNumber(R.at("max"), Par) : 1;
    if (!(I.Min <= I.Max))
      R.fail("min is above max");
    uint64_t N = uint64_t(std::llround(std::sqrt(double(B.Count))));
    if (Matrix && !isFloat(B.Type))
      R.fail("a dominant matrix needs f32 or f64 elements");
    if (Matrix && N * N != B.Count)
      R.fail("a dominant matrix needs a square count, not " +
             std::to_string(B.Count));
  } else {
    I = parseFileInit(F.at("file"), B, Dir, Par);
  }
  return I;
}

BufferSpec parseBuffer(const Field &F, const std::string &Name,
                       const std::string &Dir, const Params &P) {
  F.allowOnly({"type", "count", "init"});
  BufferSpec B;
  B.Name = Name;
  B.Type = F.at("type").elemType();
  B.Count = paramCount(F.at("count"), P);
  if (B.Count == 0)
    F.at("count").fail("a buffer needs at least one element");
  if (F.has("init"))
    B.Init = parseInit(F.at("init"), B, Dir, P);
  return B;
}

} // namespace gevo
