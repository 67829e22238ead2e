//===- OracleCache.cpp - The base module's outputs, on disk -----------------===//

#include "OracleCache.h"
#include "Wire.h"

#include "gevo/support/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

namespace gevo::sandbox {

namespace {
constexpr std::string_view Magic = "gevo-oracle-4";
constexpr uint64_t NumElemTypes = uint64_t(ElemType::F64) + 1;
/// How long the child computing an oracle may run (SIGALRM then).
constexpr unsigned OracleChildSeconds = 1800;

void dumpSteps(WireWriter &W, const std::vector<Step> &Steps) {
  W.u64(Steps.size());
  for (const Step &St : Steps) {
    W.u64(St.K);
    W.str(St.Kernel);
    for (const Expr *E : {&St.Grid[0], &St.Grid[1], &St.Grid[2], &St.Block[0],
                          &St.Block[1], &St.Block[2], &St.Shared, &St.Value,
                          &St.Times})
      W.str(E->str());
    W.u64(St.Args.size());
    for (const ArgSpec &A : St.Args) {
      W.u64(A.K * 16 + unsigned(A.Type));
      W.str(A.Name);
      W.str(A.Value.str());
      if (A.K == ArgSpec::Texture)
        W.str(A.Tex.str());
    }
    for (const std::string *S : {&St.From, &St.To, &St.Symbol, &St.Counter})
      W.str(*S);
    dumpSteps(W, St.Body);
  }
}

/// A driver case's parameters and bytes (source and library).
llvm::Error dumpDriver(WireWriter &W, const DriverSpec &D) {
  W.str(D.Params);
  W.u64(D.HeldOut);
  for (const std::string *Path : {&D.Source, &D.Library}) {
    auto Buf = llvm::MemoryBuffer::getFile(*Path, /*IsText=*/false);
    if (!Buf)
      return llvm::createStringError(Buf.getError(), "%s: cannot read '%s'",
                                     D.Where.c_str(), Path->c_str());
    W.str((*Buf)->getBuffer());
  }
  return llvm::Error::success();
}

/// Everything about a case that decides the base's outputs.
llvm::Error dumpCase(WireWriter &W, const CaseSpec &C) {
  W.str(C.Name);
  if (C.Driver)
    return dumpDriver(W, *C.Driver);
  W.u64(C.Buffers.size());
  for (const BufferSpec &B : C.Buffers) {
    auto Contents = initialContents(B);
    if (!Contents)
      return Contents.takeError();
    W.str(B.Name);
    W.u64(unsigned(B.Type));
    W.str(std::string_view(reinterpret_cast<const char *>(Contents->data()),
                           Contents->size()));
  }
  dumpSteps(W, C.Steps);
  W.u64(C.Outputs.size());
  for (const OutputSpec &O : C.Outputs) {
    W.str(O.Buffer);
    W.u64(O.Multiset);
    W.str(O.CountBuffer);
  }
  return llvm::Error::success();
}

void writeCases(WireWriter &W, const std::vector<CaseOracle> &Cases) {
  W.u64(Cases.size());
  for (const CaseOracle &C : Cases) {
    W.u64(C.ModeledCost);
    W.u64(C.Error.has_value());
    W.f64(C.Error.value_or(0));
    W.u64(C.Outputs.size());
    for (size_t I = 0; I < C.Outputs.size(); ++I) {
      W.u64(uint64_t(C.Types[I]));
      W.str(std::string_view(reinterpret_cast<const char *>(C.Outputs[I].data()),
                             C.Outputs[I].size()));
    }
  }
}

bool readCases(WireReader &R, std::vector<CaseOracle> &Cases, size_t Want) {
  Cases.resize(R.count(16));
  bool TypesOk = true;
  for (CaseOracle &C : Cases) {
    C.ModeledCost = R.u64();
    bool HasError = R.u64();
    double Error = R.f64();
    if (HasError)
      C.Error = Error;
    C.Outputs.resize(R.count(16));
    for (Bytes &B : C.Outputs) {
      uint64_t T = R.u64();
      TypesOk &= T < NumElemTypes;
      C.Types.push_back(ElemType(T < NumElemTypes ? T : 0));
      std::string S = R.str();
      B.assign(S.begin(), S.end());
    }
  }
  return R.ok() && TypesOk && Cases.size() == Want;
}
} // namespace

llvm::Expected<std::string> oracleKey(std::string_view Bitcode, const Spec &S,
                                      std::string_view Target) {
  WireWriter W;
  W.str(Bitcode);
  if (Target != "cpu")
    W.str(Target);
  for (const std::vector<CaseSpec> *Cases : {&S.Cases, &S.HeldOut}) {
    W.u64(Cases->size());
    for (const CaseSpec &C : *Cases)
      if (llvm::Error E = dumpCase(W, C))
        return E;
  }
  std::string Text = W.take();
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text)),
                     /*LowerCase=*/true);
}

llvm::Expected<std::string> oraclePath(const std::string &Dir,
                                       std::string_view Bitcode, const Spec &S,
                                       std::string_view Target) {
  llvm::Expected<std::string> Key = oracleKey(Bitcode, S, Target);
  if (!Key)
    return Key.takeError();
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, *Key + ".oracle");
  return std::string(Path);
}

namespace {
std::optional<Oracle> parseOracle(llvm::StringRef Bytes, const Spec &S) {
  WireReader R(Bytes);
  Oracle O;
  if (R.str() != Magic || !readCases(R, O.Cases, S.Cases.size()) ||
      !readCases(R, O.HeldOut, S.HeldOut.size()) || !R.atEnd())
    return std::nullopt;
  return O;
}

std::string oracleBytes(const Oracle &O) {
  WireWriter W;
  W.str(Magic);
  writeCases(W, O.Cases);
  writeCases(W, O.HeldOut);
  return W.take();
}
} // namespace

std::optional<Oracle> readOracle(const std::string &Path, const Spec &S) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return std::nullopt;
  return parseOracle((*Buf)->getBuffer(), S);
}

llvm::Error writeOracle(const std::string &Path, const Oracle &O) {
  if (std::error_code EC =
          llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return llvm::createStringError(EC, "cannot create the oracle cache dir "
                                       "of '%s': %s",
                                   Path.c_str(), EC.message().c_str());
  std::string Text = oracleBytes(O);
  std::string Temp = Path + ".tmp" + std::to_string(getpid());
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(Temp, EC);
    if (!EC) {
      OS << Text;
      OS.close();
      EC = OS.error();
    }
  }
  if (!EC)
    EC = llvm::sys::fs::rename(Temp, Path);
  if (EC) {
    llvm::sys::fs::remove(Temp);
    return llvm::createStringError(EC, "cannot write the oracle cache '%s': %s",
                                   Path.c_str(), EC.message().c_str());
  }
  return llvm::Error::success();
}

llvm::Expected<Oracle>
oracleInChild(const Spec &S, llvm::function_ref<llvm::Expected<Oracle>()> Compute) {
  // The answer: 'O' and the oracle's bytes, or 'E' and the Error's message.
  ChildAnswer C = answerInChild(
      [&] {
        llvm::Expected<Oracle> O = Compute();
        return O ? "O" + oracleBytes(*O) : "E" + llvm::toString(O.takeError());
      },
      OracleChildSeconds);
  llvm::StringRef Answer = C.Answer ? llvm::StringRef(*C.Answer) : "";
  if (Answer.consume_front("E"))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Answer);
  if (Answer.consume_front("O"))
    if (std::optional<Oracle> O = parseOracle(Answer, S))
      return std::move(*O);
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "the process running the unmodified kernel " +
                                     (C.Error.empty() ? "gave no oracle" : C.Error));
}

} // namespace gevo::sandbox
