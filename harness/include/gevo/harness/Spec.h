//===- Spec.h - A tests dir's spec: cases as launch plans --------*- C++ -*-===//
//
// A tests dir holds spec.json: cases (used during evolution) and held-out
// cases (used to validate the result). A case is a launch plan: named,
// typed buffers with their initial contents, steps (launch, copy, fill,
// swap, set a __constant__, repeat, repeat until a flag is zero), the
// buffers that are outputs, and how outputs are compared; or a C++ driver
// (Driver.h) with its parameters. Numbers may be expressions (Expr.h) of
// the case's parameters and, inside loops, of their counters; the spec may
// declare ranges its parameters may vary in, from which drawCases makes
// extra cases. harness/README.md documents the format with a worked
// example.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SPEC_H
#define GEVO_HARNESS_SPEC_H

#include "gevo/harness/Expr.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gevo {

enum class ElemType { I8, U8, I32, U32, I64, U64, F32, F64 };
size_t elemSize(ElemType T);
const char *elemTypeName(ElemType T);
bool isFloat(ElemType T);

/// How a buffer starts: one of these kinds. Undefined (no "init" in the
/// spec) is what cudaMalloc gives: the poison pattern (Poison.h), never
/// zeros; a buffer the host zeroes says Fill 0.
/// Dominant is a square row-major matrix whose off-diagonal elements are
/// uniform in [Min, Max) and whose diagonal element is one more than the
/// sum of its row's others' magnitudes (strictly diagonally dominant, as
/// elimination without pivoting needs).
struct BufferInit {
  enum Kind { Undefined, Fill, Values, Iota, Random, File, Dominant };
  Kind K = Undefined;
  double Value = 0;              // Fill; Iota start
  double Step = 1;               // Iota
  double Min = 0, Max = 1;       // Random: uniform in [Min, Max) (integers:
                                 // [Min, Max]); Dominant
  uint64_t Seed = 0;             // Random, Dominant
  std::vector<double> List;      // Values
  std::string Path;              // File: relative to the tests dir
  uint64_t Offset = 0;           // File (raw): bytes skipped first
  uint64_t Elements = 0;         // File (raw): elements read (the rest 0)

  /// Every element V.
  static BufferInit filled(double V) {
    BufferInit I;
    I.K = Fill;
    I.Value = V;
    return I;
  }
};

struct BufferSpec {
  std::string Name;
  ElemType Type = ElemType::F32;
  size_t Count = 0;
  BufferInit Init;
};

struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
  uint64_t count() const { return uint64_t(X) * Y * Z; }
};

/// A buffer seen as a texture or a surface object (SpecTexture.cpp): an
/// array of Extent[0] x Extent[1] x Extent[2] elements (x fastest, rows
/// packed), each Channels values of Fmt. A texture samples it with Filt,
/// the address modes Addr per dimension and normalised coordinates or not,
/// returning 8/16-bit integer formats as integers or (NormalizedFloat) as
/// floats in [0, 1] or [-1, 1]; a surface reads and writes its bytes.
struct TextureSpec {
  enum Format : uint8_t { F32, F16, S32, U32, S16, U16, S8, U8 };
  enum Filter : uint8_t { Point, Linear };
  enum Address : uint8_t { Wrap, Clamp, Mirror, Border };
  bool Surface = false;
  unsigned Dims = 1;                  ///< 1 to 3
  uint64_t Extent[3] = {1, 1, 1};     ///< in elements
  unsigned Channels = 1;              ///< 1, 2 or 4
  Format Fmt = F32;
  Filter Filt = Point;
  Address Addr[3] = {Clamp, Clamp, Clamp};
  bool NormalizedCoords = false;
  bool NormalizedFloat = false;       ///< "read": "normalized_float"
  /// One channel's bytes, and one element's.
  static size_t formatBytes(Format F);
  size_t elementBytes() const { return formatBytes(Fmt) * Channels; }
  /// Elements in all.
  uint64_t elements() const { return Extent[0] * Extent[1] * Extent[2]; }
  /// Whether a fetch returns floats (a float format or NormalizedFloat).
  bool returnsFloat() const {
    return Fmt == F32 || Fmt == F16 || NormalizedFloat;
  }
  /// Everything above as one line ("texture 2d 8x4 u8x4 linear ..."), for
  /// messages and the oracle cache's key.
  std::string str() const;
};

/// A kernel argument: a buffer (its device pointer), a scalar, whose
/// value may depend on loop counters ({"counter": "it"} is the i32 "it"),
/// or a texture or surface object over a buffer (its 64-bit handle).
struct ArgSpec {
  enum Kind { Buffer, Scalar, Texture } K = Scalar;
  std::string Name;              // Buffer, Texture
  ElemType Type = ElemType::I32; // Scalar
  Expr Value;                    // Scalar
  TextureSpec Tex;               // Texture (a surface too: Tex.Surface)
};

/// A step's numbers are expressions of the enclosing loops' counters
/// (constants outside loops); the plan runner checks their values when it
/// evaluates them, with Where ("t/spec.json: cases[0].steps[1]") in errors.
struct Step {
  enum Kind { Launch, Copy, Fill, Swap, SetConstant, Repeat, UntilZero };
  explicit Step(Kind K = Launch) : K(K) {}
  Kind K;
  std::string Where;
  // Launch
  std::string Kernel;
  Expr Grid[3], Block[3]; // x, y, z
  Expr Shared;            // dynamic shared memory, bytes
  bool Cooperative = false; // cudaLaunchCooperativeKernel: grid.sync() works
  std::vector<ArgSpec> Args;
  // Copy: From -> To; Fill: To = Value; Swap: From <-> To;
  // SetConstant: the __constant__ Symbol gets buffer From's contents.
  std::string From, To, Symbol;
  Expr Value;
  // Repeat (Times), UntilZero (flag buffer From, at most Times); both may
  // name a Counter, 0, 1, ..., visible to the expressions inside Body.
  Expr Times;
  std::string Counter;
  std::vector<Step> Body;
};

/// Driver: the case's error is the driver's own scalar (driver cases only).
enum class Metric { Exact, MaxAbs, MaxRel, MismatchFraction, Driver };
const char *metricName(Metric M);

struct Tolerance {
  Metric M = Metric::Exact;
  double Max = 0; // the largest error still accepted (Driver: above the base's)
};

/// A case run by a C++ driver instead of a launch plan.
struct DriverSpec {
  std::string Source;   ///< the .cpp or .so, resolved against the tests dir
  std::string Params = "{}"; ///< the case's "params" object, as JSON text
  std::string TestsDir; ///< absolute path of the tests dir
  bool HeldOut = false;
  std::string Where; ///< "dir/spec.json: cases[0].driver", for errors
  /// The shared object to load: Source itself for a .so; for a .cpp, set
  /// by buildDrivers (DriverHost.h).
  std::string Library;
};

/// An output buffer and how it is compared with the oracle's. The plan
/// runner reads it in its compared form (Plan.h, CaseOutcome::Outputs).
struct OutputSpec {
  std::string Buffer;
  /// Compared as a sorted multiset (element order does not matter).
  bool Multiset = false;
  /// When set, only the first N elements count, N being this integer
  /// buffer's first element at the end of the case (compaction's shape).
  std::string CountBuffer;
};

/// A launch plan (Buffers, Steps, Outputs) or, when Driver is set, a
/// driver case (no buffers, steps or outputs of its own).
/// Where a case runs when variants are timed on a GPU behind the cpu
/// target's gate (EvalOptions::Gate): a small case may judge on the cpu
/// target only, a large one time on the GPU only.
enum class CaseTarget { Both, Cpu, Gpu };

struct CaseSpec {
  std::string Name;
  CaseTarget Where = CaseTarget::Both; ///< spec.json's "target"
  /// The parameters' values (spec-wide "params", then the case's own).
  std::map<std::string, ExprValue> Params;
  std::vector<BufferSpec> Buffers;
  std::vector<Step> Steps;
  std::vector<OutputSpec> Outputs;
  Tolerance Tol;
  std::optional<DriverSpec> Driver;
};

/// A parameter's declared range ("vary"): an integer (or, when min or
/// max is not one, a real) in [Min, Max] on steps of Step from Min, or
/// one of Values.
struct ParamRange {
  std::string Name;
  double Min = 0, Max = 0, Step = 1;
  bool Real = false;
  std::vector<double> Values;
};

struct Spec {
  std::string Dir; // the tests dir; file paths are relative to it
  std::vector<CaseSpec> Cases, HeldOut;
  std::vector<ParamRange> Vary;
  /// The spec's text and where it came from, for drawCases.
  std::string Text, Where;
};

/// S's cases and held-out cases that run on the cpu target (Gpu false) or
/// on a GPU (Gpu true) by their "target".
Spec casesFor(const Spec &S, bool Gpu);

/// Reads DIR/spec.json (or the JSON file Path). Errors are one line naming
/// the file and the field: "t/spec.json: cases[1].steps[0].args[2]: unknown
/// buffer 'outt'".
llvm::Expected<Spec> loadSpec(const std::string &Path);
/// Parses spec text; Where names it in errors, Dir resolves file paths.
llvm::Expected<Spec> parseSpec(const std::string &Text, const std::string &Where,
                               const std::string &Dir);

/// N cases drawn from S's declared ranges (none when S declares none):
/// case K takes the K-th (round robin) of S's cases and held-out cases and
/// gives each varied parameter a value drawn with Seed, named
/// "small@n=48,seed=91". Same S, N and Seed, same cases. An instance the
/// spec rejects (a size its expressions make zero) is an Error naming it.
llvm::Expected<std::vector<CaseSpec>> drawCases(const Spec &S, unsigned N,
                                                uint64_t Seed);

/// S's cases (not the held-out ones) again, with \p Given's values: each
/// replaces the parameter of its name, or is one more parameter the
/// expressions may use (a tuning configuration's, as gevo-model-check
/// gives them). Errors as loadSpec's.
llvm::Expected<std::vector<CaseSpec>>
instantiateCases(const Spec &S, const std::map<std::string, ExprValue> &Given);

} // namespace gevo

#endif
