//===- Contents.cpp - Initial buffer contents and output comparison ---------===//

#include "gevo/harness/Plan.h"
#include "gevo/harness/Poison.h"
#include "gevo/support/Rng.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace gevo {

namespace {
template <typename T> void put(Bytes &Out, size_t I, double V) {
  T X = static_cast<T>(V);
  std::memcpy(Out.data() + I * sizeof(T), &X, sizeof(T));
}

template <typename T> double get(const Bytes &In, size_t I) {
  T X;
  std::memcpy(&X, In.data() + I * sizeof(T), sizeof(T));
  return static_cast<double>(X);
}

/// Calls F.template operator()<C++ type>() for element type T.
template <typename Fn> auto dispatch(ElemType T, Fn &&F) {
  switch (T) {
  case ElemType::I8:
    return F(int8_t());
  case ElemType::U8:
    return F(uint8_t());
  case ElemType::I32:
    return F(int32_t());
  case ElemType::U32:
    return F(uint32_t());
  case ElemType::I64:
    return F(int64_t());
  case ElemType::U64:
    return F(uint64_t());
  case ElemType::F32:
    return F(float());
  case ElemType::F64:
    break;
  }
  return F(double());
}

/// Whether A sorts before B: by (is NaN, value, bits), a strict weak order
/// even with NaNs and signed zeros.
template <typename T> bool sortsBefore(T A, T B) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(A) || std::isnan(B) || A == B) {
      using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
      U BitsA, BitsB;
      std::memcpy(&BitsA, &A, sizeof(T));
      std::memcpy(&BitsB, &B, sizeof(T));
      return std::pair(bool(std::isnan(A)), BitsA) <
             std::pair(bool(std::isnan(B)), BitsB);
    }
  }
  return A < B;
}

/// BufferInit::Dominant's matrix, row by row.
std::vector<double> dominantMatrix(const BufferSpec &B, Rng &R) {
  size_t N = size_t(std::llround(std::sqrt(double(B.Count))));
  std::vector<double> M(B.Count);
  for (size_t Row = 0; Row < N; ++Row) {
    double Sum = 0;
    for (size_t Col = 0; Col < N; ++Col) {
      if (Col == Row)
        continue;
      double &X = M[Row * N + Col];
      X = B.Init.Min + (B.Init.Max - B.Init.Min) * R.uniform();
      Sum += std::fabs(X);
    }
    M[Row * N + Row] = Sum + 1;
  }
  return M;
}

double element(const BufferSpec &B, size_t I, Rng &R) {
  const BufferInit &In = B.Init;
  switch (In.K) {
  case BufferInit::Undefined: // filled with poison by initialContents
  case BufferInit::Fill:
    return In.Value;
  case BufferInit::Values:
    return In.List[I];
  case BufferInit::Iota:
    return In.Value + In.Step * double(I);
  case BufferInit::Random:
    if (isFloat(B.Type))
      return In.Min + (In.Max - In.Min) * R.uniform();
    return In.Min + double(R.below(uint64_t(In.Max - In.Min) + 1));
  case BufferInit::File:
  case BufferInit::Dominant:
    break;
  }
  return 0;
}
} // namespace

llvm::Expected<Bytes> initialContents(const BufferSpec &B) {
  Bytes Out(B.Count * elemSize(B.Type));
  if (B.Init.K == BufferInit::File) { // the elements after Offset, then 0s
    size_t Read = B.Init.Elements * elemSize(B.Type);
    auto Buf = llvm::MemoryBuffer::getFile(B.Init.Path, /*IsText=*/false);
    if (!Buf || (*Buf)->getBufferSize() < B.Init.Offset + Read)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "buffer '" + B.Name + "': cannot read " + std::to_string(Read) +
              " bytes from '" + B.Init.Path + "'");
    std::memcpy(Out.data(), (*Buf)->getBufferStart() + B.Init.Offset, Read);
    return Out;
  }
  if (B.Init.K == BufferInit::Undefined) {
    fillPoison(Out.data(), Out.size());
    return Out;
  }
  Rng R(B.Init.Seed);
  if (B.Init.K == BufferInit::Dominant) {
    std::vector<double> M = dominantMatrix(B, R);
    dispatch(B.Type, [&](auto Zero) {
      for (size_t I = 0; I < B.Count; ++I)
        put<decltype(Zero)>(Out, I, M[I]);
      return 0;
    });
    return Out;
  }
  dispatch(B.Type, [&](auto Zero) {
    using T = decltype(Zero);
    for (size_t I = 0; I < B.Count; ++I)
      put<T>(Out, I, element(B, I, R));
    return 0;
  });
  return Out;
}

double elementAt(ElemType T, const Bytes &Data, size_t I) {
  return dispatch(T, [&](auto Zero) { return get<decltype(Zero)>(Data, I); });
}

void sortElements(ElemType T, Bytes &Data) {
  dispatch(T, [&](auto Zero) {
    using E = decltype(Zero);
    std::vector<E> V(Data.size() / sizeof(E));
    if (V.empty())
      return 0;
    std::memcpy(V.data(), Data.data(), V.size() * sizeof(E));
    std::sort(V.begin(), V.end(), sortsBefore<E>);
    std::memcpy(Data.data(), V.data(), V.size() * sizeof(E));
    return 0;
  });
}

double outputError(ElemType T, const Bytes &Want, const Bytes &Got, Metric M) {
  if (Want.size() != Got.size())
    return std::numeric_limits<double>::infinity();
  size_t N = Want.size() / elemSize(T);
  if (M == Metric::Exact || M == Metric::Driver)
    return Want == Got ? 0 : 1;
  return dispatch(T, [&](auto Zero) {
    using E = decltype(Zero);
    double Worst = 0;
    size_t Mismatches = 0;
    for (size_t I = 0; I < N; ++I) {
      bool Same = !std::memcmp(Want.data() + I * sizeof(E),
                               Got.data() + I * sizeof(E), sizeof(E));
      Mismatches += !Same;
      if (Same)
        continue;
      double W = get<E>(Want, I), G = get<E>(Got, I);
      double Diff = std::isnan(W) || std::isnan(G)
                        ? std::numeric_limits<double>::infinity()
                        : std::fabs(W - G);
      if (M == Metric::MaxRel)
        Diff /= std::max(std::fabs(W), std::numeric_limits<double>::min());
      Worst = std::max(Worst, Diff);
    }
    return M == Metric::MismatchFraction ? double(Mismatches) / double(N)
                                         : Worst;
  });
}

} // namespace gevo
