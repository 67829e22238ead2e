//===- SourceDiff.cpp - The IR diff a CUDA programmer reads ---------------===//
//
// The diff is dtl's (Debian libdtl-dev: Myers' O(ND) algorithm, unified
// hunks) over the two modules' printed lines, each line normalised so that
// only code differs: metadata attachments lose their numbers (a deleted
// instruction renumbers every node after it), metadata definitions are left
// out, and an annotation writer ends each instruction's line with its UID
// and source position.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/SourceDiff.h"
#include "gevo/passes/Uid.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/AssemblyAnnotationWriter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/LineIterator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <dtl/dtl.hpp>

#include <algorithm>
#include <map>

using namespace llvm;

namespace gevo::evolve {

namespace {
/// Source files read once per use, split into lines.
class SourceFiles {
public:
  std::optional<SourceLine> lineOf(const Instruction &I) {
    const DILocation *Loc = I.getDebugLoc().get();
    if (!Loc)
      return std::nullopt;
    // Code inlined from a header (threadIdx.x, a math function) is named by
    // the line in the kernel's own file that it was inlined into.
    const DILocation *Outer = Loc;
    while (Outer->getInlinedAt())
      Outer = Outer->getInlinedAt();
    while (Loc != Outer && (Loc->getFilename() != Outer->getFilename() ||
                            Loc->getDirectory() != Outer->getDirectory()))
      Loc = Loc->getInlinedAt();
    if (Loc->getLine() == 0)
      return std::nullopt;
    SourceLine S;
    S.File = sys::path::filename(Loc->getFilename()).str();
    S.Line = Loc->getLine();
    SmallString<256> Path(Loc->getFilename());
    if (sys::path::is_relative(Path) && !Loc->getDirectory().empty()) {
      Path = Loc->getDirectory();
      sys::path::append(Path, Loc->getFilename());
    }
    const std::vector<std::string> &Lines = read(Path);
    if (S.Line <= Lines.size())
      S.Text = Lines[S.Line - 1];
    return S;
  }

private:
  const std::vector<std::string> &read(StringRef Path) {
    auto [It, New] = Files.try_emplace(Path);
    if (!New)
      return It->second;
    auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (Buf)
      for (line_iterator L(**Buf, /*SkipBlanks=*/false); !L.is_at_eof(); ++L)
        It->second.push_back(L->trim().str());
    return It->second;
  }

  StringMap<std::vector<std::string>> Files;
};

std::string where(const SourceLine &S) {
  return S.File + ":" + std::to_string(S.Line);
}

/// Ends each instruction's line with `; U<n> file.cu:LINE` and remembers
/// each position's source text.
class Annotator : public AssemblyAnnotationWriter {
public:
  explicit Annotator(SourceFiles &Files) : Files(Files) {}

  void printInfoComment(const Value &V, formatted_raw_ostream &OS) override {
    const auto *I = dyn_cast<Instruction>(&V);
    if (!I)
      return;
    StringRef Uid = getUid(*I);
    std::optional<SourceLine> S = Files.lineOf(*I);
    if (Uid.empty() && !S)
      return;
    OS << "  ;";
    if (!Uid.empty())
      OS << " " << Uid;
    if (S) {
      OS << " " << where(*S);
      Positions.emplace(where(*S), *S);
    }
  }

  std::map<std::string, SourceLine> Positions;

private:
  SourceFiles &Files;
};

bool isNameChar(char C) { return isAlnum(C) || C == '_' || C == '.'; }

/// L without metadata attachments' numbers: ", !dbg !12" and a define's
/// " !dbg !3" go; "metadata !5" operands and "!{...}" stay.
std::string withoutAttachments(StringRef L) {
  std::string Out;
  for (size_t P; (P = L.find(" !")) != StringRef::npos;) {
    StringRef Rest = L.substr(P + 2);
    size_t Name = 0;
    while (Name < Rest.size() && isNameChar(Rest[Name]))
      ++Name;
    size_t Num = Name + 2;
    while (Num < Rest.size() && isDigit(Rest[Num]))
      ++Num;
    bool Attachment = Name > 0 && isAlpha(Rest[0]) &&
                      Rest.substr(Name).starts_with(" !") && Num > Name + 2;
    if (!Attachment) {
      Out += L.substr(0, P + 2);
      L = Rest;
      continue;
    }
    Out += L.substr(0, P > 0 && L[P - 1] == ',' ? P - 1 : P);
    L = Rest.substr(Num);
  }
  return Out + L.str();
}

/// Unnamed values and blocks are numbered by position, so one deleted
/// instruction would renumber every line after it: they are named after
/// their UIDs instead (%u12; a block after its terminator's, b.u40).
void nameByUid(Module &M) {
  auto NameOf = [](const Instruction &I) {
    std::string N = getUid(I).lower();
    std::replace(N.begin(), N.end(), '@', '.');
    return N;
  };
  for (Function &F : M)
    for (BasicBlock &B : F) {
      const Instruction *T = B.getTerminator();
      if (!B.hasName() && T && !getUid(*T).empty())
        B.setName("b." + NameOf(*T));
      for (Instruction &I : B)
        if (!I.hasName() && !I.getType()->isVoidTy() && !getUid(I).empty())
          I.setName(NameOf(I));
    }
}

std::vector<std::string> normalisedLines(const Module &Original, Annotator &A) {
  std::unique_ptr<Module> M = CloneModule(Original);
  nameByUid(*M);
  std::string Text;
  raw_string_ostream OS(Text);
  M->print(OS, &A);
  std::vector<std::string> Lines;
  for (StringRef L : split(StringRef(Text), '\n'))
    if (!L.starts_with("!")) // metadata definitions
      Lines.push_back(withoutAttachments(L));
  while (!Lines.empty() && Lines.back().empty())
    Lines.pop_back();
  return Lines;
}

/// The source position a changed line names, "" for none.
std::string positionIn(StringRef Line) {
  size_t C = Line.rfind("  ; ");
  if (C == StringRef::npos)
    return "";
  StringRef Tail = Line.substr(C + 4);
  size_t Space = Tail.rfind(' ');
  StringRef Pos = Space == StringRef::npos ? Tail : Tail.substr(Space + 1);
  return Pos.contains(':') ? Pos.str() : "";
}
} // namespace

std::optional<SourceLine> sourceLineOf(const Instruction &I) {
  SourceFiles Files;
  return Files.lineOf(I);
}

std::string sourceDiff(const Module &Base, const Module &Variant,
                       const std::string &BaseName,
                       const std::string &VariantName) {
  using Lines = std::vector<std::string>;
  SourceFiles Files;
  Annotator A(Files);
  Lines Before = normalisedLines(Base, A), After = normalisedLines(Variant, A);
  dtl::Diff<std::string, Lines> D(Before, After);
  D.onHuge();
  D.compose();
  D.composeUnifiedHunks();
  auto Hunks = D.getUniHunks();
  if (Hunks.empty())
    return "";
  std::string Out = "# gevo's IR diff for reading: metadata numbers dropped; "
                    "each instruction ends with its UID and source line; '#' "
                    "lines name the CUDA source of a hunk's changes\n--- " +
                    BaseName + "\n+++ " + VariantName + "\n";
  for (const auto &H : Hunks) {
    Out += "@@ -" + std::to_string(H.a) + "," + std::to_string(H.b) + " +" +
           std::to_string(H.c) + "," + std::to_string(H.d) + " @@\n";
    std::vector<std::string> Named;
    for (const auto &E : H.change) {
      std::string P = positionIn(E.first);
      if (E.second.type == dtl::SES_COMMON || P.empty() ||
          llvm::is_contained(Named, P))
        continue;
      Named.push_back(P);
      const SourceLine &S = A.Positions[P];
      Out += "# " + P + ": " +
             (S.Text.empty() ? "(source not found)" : S.Text) + "\n";
    }
    auto Emit = [&](const auto &Elems) {
      for (const auto &E : Elems)
        Out += (E.second.type == dtl::SES_ADD      ? "+"
                : E.second.type == dtl::SES_DELETE ? "-"
                                                   : " ") +
               E.first + "\n";
    };
    Emit(H.common[0]);
    Emit(H.change);
    Emit(H.common[1]);
  }
  return Out;
}

} // namespace gevo::evolve
