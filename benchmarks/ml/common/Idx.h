//===- Idx.h - IDX files (MNIST's format), gzip-compressed or not --*- C++ -*-===//
//
// An IDX file is a big-endian header (magic 0x0000TTDD: element type TT,
// DD dimensions; then one u32 size per dimension) followed by the elements.
// Images are u8 with three dimensions (count, rows, columns), labels u8 with
// one. zlib reads gzip and plain files alike. Every problem (missing file,
// bad gzip data, wrong magic, a short file) is an llvm::Error whose one-line
// message starts with the file's path.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_IDX_H
#define GEVO_BENCHMARKS_ML_IDX_H

#include "llvm/Support/Error.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace gevo::ml {

struct IdxImages {
  uint32_t Count = 0, Rows = 0, Cols = 0;
  std::vector<uint8_t> Pixels; ///< Count * Rows * Cols, row-major
};

namespace detail {

/// Larger sizes in a header are taken as corruption, not allocated.
inline constexpr uint64_t MaxElements = uint64_t(1) << 30;

/// A gzip (or plain) file read front to back; errors name the file.
class GzReader {
public:
  explicit GzReader(std::string Path) : Path(std::move(Path)) {}
  ~GzReader() {
    if (F)
      gzclose(F);
  }
  GzReader(const GzReader &) = delete;
  GzReader &operator=(const GzReader &) = delete;

  llvm::Error open() {
    errno = 0;
    F = gzopen(Path.c_str(), "rb");
    if (!F)
      return fail(errno ? std::strerror(errno) : "cannot open");
    return llvm::Error::success();
  }

  /// Reads exactly N bytes of \p What.
  llvm::Error read(void *Dst, size_t N, const char *What) {
    auto *Out = static_cast<uint8_t *>(Dst);
    while (N > 0) {
      unsigned Chunk = unsigned(std::min<size_t>(N, 1u << 30));
      int Got = gzread(F, Out, Chunk);
      if (Got < 0) {
        int Code = 0;
        return fail(std::string("corrupt gzip data (") + gzerror(F, &Code) + ")");
      }
      if (Got == 0)
        return fail(std::string("truncated: ends inside the ") + What);
      Out += Got;
      N -= size_t(Got);
    }
    return llvm::Error::success();
  }

  /// Reads big-endian u32s of \p What into each of \p Out.
  llvm::Error readU32s(std::initializer_list<uint32_t *> Out, const char *What) {
    for (uint32_t *V : Out) {
      uint8_t B[4];
      if (llvm::Error E = read(B, 4, What))
        return E;
      *V = uint32_t(B[0]) << 24 | uint32_t(B[1]) << 16 | uint32_t(B[2]) << 8 |
           uint32_t(B[3]);
    }
    return llvm::Error::success();
  }

  llvm::Error fail(const std::string &Why) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Path + ": " + Why);
  }

private:
  std::string Path;
  gzFile F = nullptr;
};

/// Opens \p R and reads its magic number, which must be \p Want.
inline llvm::Error openWithMagic(GzReader &R, uint32_t Want, const char *Kind) {
  uint32_t Magic = 0;
  if (llvm::Error E = R.open())
    return E;
  if (llvm::Error E = R.readU32s({&Magic}, "header"))
    return E;
  if (Magic == Want)
    return llvm::Error::success();
  char Buf[96];
  std::snprintf(Buf, sizeof(Buf),
                "not an IDX %s file (magic 0x%08x, expected 0x%08x)", Kind,
                Magic, Want);
  return R.fail(Buf);
}

} // namespace detail

/// Reads an IDX file of u8 images (magic 0x00000803).
inline llvm::Expected<IdxImages> readIdxImages(const std::string &Path) {
  detail::GzReader R(Path);
  IdxImages Im;
  if (llvm::Error E = detail::openWithMagic(R, 0x00000803, "image"))
    return E;
  if (llvm::Error E = R.readU32s({&Im.Count, &Im.Rows, &Im.Cols}, "header"))
    return E;
  uint64_t Total = uint64_t(Im.Count) * Im.Rows * Im.Cols;
  if (Im.Rows == 0 || Im.Cols == 0 || Total > detail::MaxElements)
    return R.fail("implausible image dimensions " + std::to_string(Im.Count) +
                  "x" + std::to_string(Im.Rows) + "x" + std::to_string(Im.Cols));
  Im.Pixels.resize(Total);
  if (llvm::Error E = R.read(Im.Pixels.data(), Im.Pixels.size(), "pixels"))
    return E;
  return Im;
}

/// Reads an IDX file of u8 labels (magic 0x00000801).
inline llvm::Expected<std::vector<uint8_t>> readIdxLabels(const std::string &Path) {
  detail::GzReader R(Path);
  uint32_t Count = 0;
  if (llvm::Error E = detail::openWithMagic(R, 0x00000801, "label"))
    return E;
  if (llvm::Error E = R.readU32s({&Count}, "header"))
    return E;
  if (Count > detail::MaxElements)
    return R.fail("implausible label count " + std::to_string(Count));
  std::vector<uint8_t> Labels(Count);
  if (llvm::Error E = R.read(Labels.data(), Labels.size(), "labels"))
    return E;
  return Labels;
}

} // namespace gevo::ml

#endif
