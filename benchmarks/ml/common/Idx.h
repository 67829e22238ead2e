//===- Idx.h - IDX files (MNIST's format), gzip-compressed or not --*- C++ -*-===//
//
// An IDX file is a big-endian header (magic 0x0000TTDD: element type TT,
// DD dimensions; then one u32 size per dimension) followed by the elements.
// Images are u8 with three dimensions (count, rows, columns), labels u8 with
// one. zlib reads gzip and plain files alike. Every problem (missing file,
// bad gzip data, wrong magic, a short file) is a DataError whose one-line
// message starts with the file's path.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_IDX_H
#define GEVO_BENCHMARKS_ML_IDX_H

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace gevo::ml {

/// Bad input data: the message is one line naming the file.
class DataError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

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
  explicit GzReader(const std::string &Path) : Path(Path) {
    errno = 0;
    F = gzopen(Path.c_str(), "rb");
    if (!F)
      fail(errno ? std::strerror(errno) : "cannot open");
  }
  ~GzReader() { gzclose(F); }
  GzReader(const GzReader &) = delete;
  GzReader &operator=(const GzReader &) = delete;

  /// Reads exactly N bytes of \p What.
  void read(void *Dst, size_t N, const char *What) {
    auto *Out = static_cast<uint8_t *>(Dst);
    while (N > 0) {
      unsigned Chunk = unsigned(std::min<size_t>(N, 1u << 30));
      int Got = gzread(F, Out, Chunk);
      if (Got < 0) {
        int Code = 0;
        fail(std::string("corrupt gzip data (") + gzerror(F, &Code) + ")");
      }
      if (Got == 0)
        fail(std::string("truncated: ends inside the ") + What);
      Out += Got;
      N -= size_t(Got);
    }
  }

  uint32_t readU32(const char *What) {
    uint8_t B[4];
    read(B, 4, What);
    return uint32_t(B[0]) << 24 | uint32_t(B[1]) << 16 | uint32_t(B[2]) << 8 |
           uint32_t(B[3]);
  }

  [[noreturn]] void fail(const std::string &Why) const {
    throw DataError(Path + ": " + Why);
  }

private:
  std::string Path;
  gzFile F = nullptr;
};

inline void expectMagic(GzReader &R, uint32_t Want, const char *Kind) {
  uint32_t Magic = R.readU32("header");
  if (Magic != Want) {
    char Buf[96];
    std::snprintf(Buf, sizeof(Buf),
                  "not an IDX %s file (magic 0x%08x, expected 0x%08x)", Kind,
                  Magic, Want);
    R.fail(Buf);
  }
}

} // namespace detail

/// Reads an IDX file of u8 images (magic 0x00000803).
inline IdxImages readIdxImages(const std::string &Path) {
  detail::GzReader R(Path);
  detail::expectMagic(R, 0x00000803, "image");
  IdxImages Im;
  Im.Count = R.readU32("header");
  Im.Rows = R.readU32("header");
  Im.Cols = R.readU32("header");
  uint64_t Total = uint64_t(Im.Count) * Im.Rows * Im.Cols;
  if (Im.Rows == 0 || Im.Cols == 0 || Total > detail::MaxElements)
    R.fail("implausible image dimensions " + std::to_string(Im.Count) + "x" +
           std::to_string(Im.Rows) + "x" + std::to_string(Im.Cols));
  Im.Pixels.resize(Total);
  R.read(Im.Pixels.data(), Im.Pixels.size(), "pixels");
  return Im;
}

/// Reads an IDX file of u8 labels (magic 0x00000801).
inline std::vector<uint8_t> readIdxLabels(const std::string &Path) {
  detail::GzReader R(Path);
  detail::expectMagic(R, 0x00000801, "label");
  uint32_t Count = R.readU32("header");
  if (Count > detail::MaxElements)
    R.fail("implausible label count " + std::to_string(Count));
  std::vector<uint8_t> Labels(Count);
  R.read(Labels.data(), Labels.size(), "labels");
  return Labels;
}

} // namespace gevo::ml

#endif
