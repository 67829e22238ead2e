//===- Variant.cpp - Edit-list genomes: crossover and building ------------===//

#include "gevo/evolve/Gevo.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>
#include <set>

using namespace llvm;

namespace gevo::evolve {

nlohmann::json variantToJson(const Variant &V) {
  nlohmann::json Edits = nlohmann::json::array();
  for (const Edit &E : V.Edits)
    Edits.push_back(printEdit(E));
  nlohmann::json J = {{"edits", Edits}};
  if (V.MutationSeed)
    J["mutation_seed"] = *V.MutationSeed;
  return J;
}

Variant variantFromJson(const nlohmann::json &J) {
  Variant V;
  for (const nlohmann::json &Text : J.at("edits")) {
    Expected<Edit> E = parseEdit(Text.get<std::string>());
    if (!E)
      throw std::invalid_argument(toString(E.takeError()));
    V.Edits.push_back(*E);
  }
  if (J.contains("mutation_seed"))
    V.MutationSeed = J["mutation_seed"].get<uint64_t>();
  return V;
}

std::pair<std::vector<Edit>, std::vector<Edit>>
messyCrossover(const std::vector<Edit> &A, const std::vector<Edit> &B, Rng &R) {
  std::vector<Edit> All;
  std::set<std::string> Seen;
  for (const auto *List : {&A, &B})
    for (const Edit &E : *List)
      if (Seen.insert(printEdit(E)).second)
        All.push_back(E);
  if (All.size() < 2)
    return {A, B};
  for (size_t I = All.size() - 1; I > 0; --I) // Fisher-Yates
    std::swap(All[I], All[R.below(I + 1)]);
  size_t Cut = 1 + R.below(All.size() - 1); // both children non-empty
  return {std::vector<Edit>(All.begin(), All.begin() + Cut),
          std::vector<Edit>(All.begin() + Cut, All.end())};
}

std::string codeKey(Module &M) {
  unsigned Kind = M.getContext().getMDKindID(UidMetadataKind);
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      I.setMetadata(Kind, nullptr);
  // Line tables name where code came from, not what it does: two edits
  // that make the same code from differently placed copies are one.
  StripDebugInfo(M);
  std::string Text;
  raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  char Hex[17];
  std::snprintf(Hex, sizeof(Hex), "%016llx",
                (unsigned long long)xxh3_64bits(Text));
  return Hex;
}

VariantBuilder::VariantBuilder(std::string BaseBitcode,
                               std::vector<std::string> Functions)
    : Base(std::move(BaseBitcode)), Functions(std::move(Functions)) {}

namespace {
std::unique_ptr<Module> parseBase(const std::string &Bitcode, LLVMContext &Ctx) {
  auto M = parseBitcodeFile(MemoryBufferRef(Bitcode, "base"), Ctx);
  if (!M) // the engine made this bitcode itself
    report_fatal_error(Twine("gevo: cannot reread the base module: ") +
                       toString(M.takeError()));
  return std::move(*M);
}

/// Replays G's edits on M, keeping in G only those that applied.
void replay(Module &M, Variant &G) {
  std::vector<Edit> Kept;
  for (const Edit &E : G.Edits)
    if (!errorToBool(applyEdit(M, E))) // an edit that does not apply goes
      Kept.push_back(E);
  G.Edits = std::move(Kept);
}

Evaluation failed(Status S, std::string Why) {
  Evaluation E;
  E.S = S;
  E.Message = std::move(Why);
  return E;
}
} // namespace

std::unique_ptr<Module> VariantBuilder::materialize(const Variant &G,
                                                    LLVMContext &Ctx) const {
  std::unique_ptr<Module> M = parseBase(Base, Ctx);
  Variant Copy = G;
  Copy.MutationSeed.reset();
  replay(*M, Copy);
  return M;
}

Prepared VariantBuilder::build(Variant &G) const {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseBase(Base, Ctx);
  replay(*M, G);
  Prepared P;
  if (G.MutationSeed) {
    Rng R(*G.MutationSeed);
    G.MutationSeed.reset();
    OpKind Op = allOps()[R.below(allOps().size())];
    std::optional<Edit> E = mutate(*M, Op, R, Functions);
    if (!E) {
      P.Key = "no-candidate:" + opName(Op).str();
      P.Failed = failed(Status::NotApplicable,
                        "no candidate for a " + opName(Op).str() + " mutation");
      return P;
    }
    G.Edits.push_back(*E);
  }
  std::string Why;
  raw_string_ostream OS(Why);
  if (verifyModule(*M, &OS)) {
    P.Key = "invalid:" + printEdits(G.Edits);
    P.Failed = failed(Status::InvalidIr, "the edits leave IR the verifier "
                                         "rejects: " + OS.str());
    return P;
  }
  raw_string_ostream BC(P.Payload);
  WriteBitcodeToFile(*M, BC);
  BC.flush();
  P.Key = codeKey(*M);
  return P;
}

} // namespace gevo::evolve
