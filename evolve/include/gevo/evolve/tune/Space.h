//===- Space.h - Tile-configuration search spaces ----------------*- C++ -*-===//
//
// A search space is a list of named parameters of four kinds, each a graph
// over its values (OpEvo): factorization of C into v ordered factors
// (neighbours: move one prime factor between two slots), permutation
// (neighbours: one transposition), discrete ordered values (neighbours: the
// adjacent values) and categorical values (all others adjacent). A config
// holds one value index per parameter and encodes to one 64-bit mixed-radix
// code, the key of every duplicate check. Constraints (products of values
// bounded above or below, or an explicit member list as replay files give)
// are checked before a config is measured.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_SPACE_H
#define GEVO_EVOLVE_TUNE_SPACE_H

#include "gevo/support/Rng.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace gevo::evolve::tune {

enum class ParamKind { Factorization, Permutation, Discrete, Categorical };
const char *kindName(ParamKind K);

/// One value index per parameter.
using Config = std::vector<uint32_t>;

/// A parameter: its values and their graph. The factories fail with one
/// line naming the parameter on bad values.
class Param {
public:
  /// All ordered factorizations of Total into Slots factors.
  static llvm::Expected<Param> factorization(std::string Name, uint64_t Total,
                                             unsigned Slots);
  /// All orderings of 0..N-1.
  static llvm::Expected<Param> permutation(std::string Name, unsigned N);
  /// Numbers, sorted ascending (duplicates are an error).
  static llvm::Expected<Param> discrete(std::string Name, std::vector<double> Values);
  /// Any JSON values, in the given order (duplicates are an error).
  static llvm::Expected<Param> categorical(std::string Name,
                                           std::vector<nlohmann::json> Values);

  const std::string &name() const { return Name; }
  ParamKind kind() const { return Kind; }
  uint32_t size() const { return uint32_t(Values.size()); }
  const nlohmann::json &value(uint32_t I) const { return Values[I]; }
  /// The index of a value as describe() prints it, if it is one.
  std::optional<uint32_t> find(const nlohmann::json &V) const;
  /// The graph: indices one step from I.
  const std::vector<uint32_t> &neighbours(uint32_t I) const { return Adj[I]; }
  /// Numbers describing value I, each in [0, 1] (factors as log C share,
  /// permutation entries, rank of a discrete or categorical value).
  const std::vector<double> &features(uint32_t I) const { return Feat[I]; }
  /// Raw numbers of value I (factors, permutation entries, the discrete
  /// value, the categorical index).
  const std::vector<double> &raw(uint32_t I) const { return Raw[I]; }
  size_t width() const { return Feat.empty() ? 0 : Feat[0].size(); }
  /// Factorization: C and v; permutation: n.
  uint64_t total() const { return Total; }
  unsigned slots() const { return Slots; }
  /// Factorization: the distinct primes of C.
  const std::vector<uint64_t> &primes() const { return Primes; }

private:
  Param(std::string Name, ParamKind Kind) : Name(std::move(Name)), Kind(Kind) {}
  void linkByVectors(); // Adj for factorization/permutation from Raw
  std::string Name;
  ParamKind Kind;
  uint64_t Total = 0;
  unsigned Slots = 0;
  std::vector<uint64_t> Primes;
  std::vector<nlohmann::json> Values;
  std::vector<std::vector<uint32_t>> Adj;
  std::vector<std::vector<double>> Feat, Raw;
};

/// A bound on a polynomial in parameter values: the sum over Terms of a
/// coefficient times the product of its factors (each a parameter's scalar
/// value, or one factor or entry "Name[i]"), in [Min, Max].
struct Constraint {
  struct Factor {
    size_t ParamIndex;
    std::optional<size_t> Slot;
  };
  struct Term {
    double Coef = 1;
    std::vector<Factor> Factors;
  };
  std::string What;
  std::vector<Term> Terms;
  double Min = -std::numeric_limits<double>::infinity();
  double Max = std::numeric_limits<double>::infinity();
};

class Space {
public:
  Space() = default;
  /// From the JSON format of evolve/tune/README.md; an error is one line
  /// starting with Where.
  static llvm::Expected<Space> fromJson(const nlohmann::json &J,
                                        const std::string &Where);
  /// Reads a JSON space file; an error is one line naming Path.
  static llvm::Expected<Space> load(const std::string &Path);

  /// Appends P, or P's error; fails (leaving the space as it was) when the
  /// name is taken or the product would exceed 2^63 configs.
  llvm::Error add(llvm::Expected<Param> P);
  /// Parses {"what", "product": [factors] | "sum": [{"coef", "product"}],
  /// "min", "max"}; a bad one is an error and is not added.
  llvm::Error addConstraint(const nlohmann::json &J);
  /// Only these codes are valid (e.g. the configs a replay file holds).
  void restrictTo(std::vector<uint64_t> Codes);

  const std::string &name() const { return Name; }
  void setName(std::string N) { Name = std::move(N); }
  size_t size() const { return Params.size(); }
  const Param &param(size_t I) const { return Params[I]; }
  std::optional<size_t> indexOf(const std::string &Name) const;
  /// Number of configs in the product (before constraints).
  uint64_t cardinality() const { return Card; }

  uint64_t encode(const Config &C) const;
  Config decode(uint64_t Code) const;
  bool satisfies(const Config &C) const;
  /// Why C is not valid ("threads per block = 2048 > 1024", "not a member
  /// of the space"), nullopt when it is.
  std::optional<std::string> violation(const Config &C) const;
  bool restricted() const { return !Members.empty(); }
  /// The valid codes when restricted (ascending), else empty.
  const std::vector<uint64_t> &members() const { return Members; }

  /// {"name": value, ...}; parse is its inverse (nullopt: not in the space).
  nlohmann::json describe(const Config &C) const;
  std::optional<Config> parse(const nlohmann::json &J) const;
  /// Concatenated per-parameter features / raw numbers.
  std::vector<double> features(const Config &C) const;
  std::vector<double> raw(const Config &C) const;
  size_t featureWidth() const;

  /// Uniform over the members when restricted, else over the product.
  Config sample(Rng &R) const;
  /// Every config one step away in one parameter.
  std::vector<Config> neighbours(const Config &C) const;
  /// Every config that differs from C in exactly one parameter, by any
  /// other value of it: parameter by parameter, values in order.
  std::vector<Config> oneParameterMoves(const Config &C) const;
  /// Calls F on each of those in that order, on one config edited in place.
  template <typename Fn> void forEachOneParameterMove(Config C, Fn &&F) const {
    for (size_t I = 0; I < C.size(); ++I) {
      uint32_t Was = C[I];
      for (uint32_t V = 0; V < Params[I].size(); ++V)
        if (V != Was)
          C[I] = V, F(std::as_const(C));
      C[I] = Was;
    }
  }
  /// Calls F on each config that differs from C in exactly two
  /// parameters, each moved one step along its graph (its neighbours):
  /// pairs in parameter order, then the first's neighbours, then the
  /// second's; on one config edited in place. Where a space trades one
  /// parameter against another (threads per block against work per
  /// thread), these are the moves that keep the product.
  template <typename Fn> void forEachAdjacentPairMove(Config C, Fn &&F) const {
    for (size_t I = 0; I < C.size(); ++I) {
      uint32_t WasI = C[I];
      for (uint32_t VI : Params[I].neighbours(WasI)) {
        C[I] = VI;
        for (size_t J = I + 1; J < C.size(); ++J) {
          uint32_t WasJ = C[J];
          for (uint32_t VJ : Params[J].neighbours(WasJ))
            C[J] = VJ, F(std::as_const(C));
          C[J] = WasJ;
        }
      }
      C[I] = WasI;
    }
  }
  /// The config whose factorizations are [C,1,...,1] and whose other
  /// parameters take their first value ("untiled").
  Config untiled() const;

  /// A JSON round trip of the definition (members excluded).
  nlohmann::json toJson() const;

private:
  /// The first constraint C breaks (its polynomial's value in Value).
  const Constraint *firstBroken(const Config &C, double &Value) const;
  std::string Name;
  std::vector<Param> Params;
  std::vector<Constraint> Constraints;
  std::vector<nlohmann::json> ConstraintJson;
  std::vector<uint64_t> Members;
  std::unordered_set<uint64_t> MemberSet;
  uint64_t Card = 1;
};

/// The q-random-walk distribution over a parameter's values from Start:
/// the probability that a walk that keeps stepping to a uniform neighbour
/// while uniform() < Q stops at each value (truncated after MaxSteps
/// steps, the remainder assigned to where the walk is then).
std::vector<double> walkDistribution(const Param &P, uint32_t Start, double Q,
                                     unsigned MaxSteps = 200);
/// One draw from that distribution.
uint32_t randomWalk(const Param &P, uint32_t Start, double Q, Rng &R);

} // namespace gevo::evolve::tune

#endif
