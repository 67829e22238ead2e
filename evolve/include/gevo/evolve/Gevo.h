//===- Gevo.h - GEVO: NSGA-II over edit lists --------------------*- C++ -*-===//
//
// GEVO as a strategy of the ask/tell engine (Liou et al., TACO 2020,
// Algorithm 1). An individual is an edit list over the named base module.
// Every new individual must be valid: a mutation or crossover whose result
// fails is retried (with fresh random draws) until one passes, so the
// population only ever holds variants that pass the tests.
//
// Randomness: the strategy draws everything in ask(). A pending mutation is
// a seed in the genome; preparation (VariantBuilder, in parallel) turns it
// into the concrete edit, so the result does not depend on thread timing.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_GEVO_H
#define GEVO_EVOLVE_GEVO_H

#include "gevo/evolve/Engine.h"
#include "gevo/evolve/Nsga2.h"
#include "gevo/passes/Edit.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace gevo::evolve {

/// The genome: edits replayed in order on the base module, plus at most
/// one random mutation still to be drawn.
struct Variant {
  std::vector<Edit> Edits;
  std::optional<uint64_t> MutationSeed;
};

nlohmann::json variantToJson(const Variant &V);
Variant variantFromJson(const nlohmann::json &J);

/// One-point messy crossover: the two edit lists joined (an edit both hold
/// counts once), shuffled and cut at a random point into two children.
/// With fewer than two edits in all, the children are the parents.
std::pair<std::vector<Edit>, std::vector<Edit>>
messyCrossover(const std::vector<Edit> &A, const std::vector<Edit> &B, Rng &R);

/// Builds variants of one base module: replays a genome's edits on a fresh
/// copy of the base (edits that no longer apply are dropped from the
/// genome), draws its pending mutation, verifies the result and hands back
/// its bitcode. Thread-safe: each call uses its own LLVMContext.
class VariantBuilder {
public:
  /// \p BaseBitcode: the base module, named (gevo UIDs), as bitcode;
  /// \p Functions: when given, mutations edit only these functions.
  explicit VariantBuilder(std::string BaseBitcode,
                          std::vector<std::string> Functions = {});
  /// Completes \p G and prepares it: Key is a hash of the variant's code
  /// (UIDs ignored), Payload its bitcode. A mutation with nothing to act
  /// on, or a module the verifier rejects, is a Failed preparation.
  Prepared build(Variant &G) const;
  /// The module \p G gives, in \p Ctx.
  std::unique_ptr<llvm::Module> materialize(const Variant &G,
                                            llvm::LLVMContext &Ctx) const;
  const std::string &baseBitcode() const { return Base; }

private:
  std::string Base;
  std::vector<std::string> Functions;
};

/// The hash the fitness cache uses: \p M printed without its gevo UIDs.
std::string codeKey(llvm::Module &M);

struct GevoParams {
  size_t PopSize = 256;
  unsigned InitDist = 3;
  double CrossRate = 0.8;
  double MutateRate = 0.3;
  /// Elites carried over unchanged: PopSize * EliteFraction (a quarter).
  double EliteFraction = 0.25;
  /// Failed attempts after which a slot gives up and keeps its parent.
  unsigned MaxRetries = 64;
  /// Generations to run (after the initial population); 0: unbounded.
  unsigned Generations = 0;

  /// An error naming the bad value by its config.json key, in backquotes
  /// (`crossover_rate`), which a tool may spell as its own option.
  llvm::Error validate() const;
};

/// A member of the population.
struct Member {
  Variant V;
  Objectives Obj;
};

class GevoStrategy : public Strategy<Variant> {
public:
  explicit GevoStrategy(const GevoParams &P);

  std::vector<Variant> ask(size_t N, Rng &R) override;
  void tell(const std::vector<Variant> &Asked,
            const std::vector<Evaluation> &Results) override;
  nlohmann::json save() const override;
  void restore(const nlohmann::json &State) override;

  /// Generations completed; 0 while the initial population is built.
  unsigned generation() const { return Generation; }
  /// The generation being built: 0 for the initial population.
  unsigned building() const { return Started ? Generation + 1 : 0; }
  /// Whether the population of generation() is complete (a safe point).
  bool atGenerationBoundary() const { return Slots.empty(); }
  const std::vector<Member> &population() const { return Pop; }
  /// Indices of the population's first front.
  std::vector<size_t> front() const;
  /// Attempts made and attempts that produced a valid variant.
  uint64_t attempts() const { return Attempts; }
  uint64_t validAttempts() const { return Valid; }

private:
  /// One individual of the generation being built.
  struct Slot {
    /// Initial population: the variant so far (objectives empty until its
    /// first valid mutation). Offspring: the first parent.
    Member Parent;
    std::optional<Member> Parent2;
    unsigned Part = 0; ///< which crossover child (0 or 1)
    bool Cross = false, Mutate = false;
    unsigned MutationsLeft = 0; ///< initial population: InitDist steps
    unsigned Retries = 0;
    std::optional<Member> Result;
  };
  static nlohmann::json slotToJson(const Slot &S);
  static Slot slotFromJson(const nlohmann::json &J);
  Variant attempt(Slot &S, Rng &R) const;
  void startGeneration(Rng &R);
  void finishGeneration();
  void settle(Slot &S, const Variant &Tried, const Evaluation &E) const;

  GevoParams P;
  std::vector<Member> Pop;
  std::vector<Slot> Slots;
  std::vector<Member> Elites;
  std::vector<size_t> InFlight; ///< slot of each asked variant
  unsigned Generation = 0;
  bool Started = false;
  uint64_t Attempts = 0, Valid = 0;
};

} // namespace gevo::evolve

#endif
