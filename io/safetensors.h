// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <vector>

/// \file safetensors.h
/// The safetensors weight format (Hugging Face), read without loading the weights.
///
/// Layout: an unsigned 64-bit little-endian N, then N bytes of UTF-8 JSON (possibly padded with
/// spaces), then the data buffer. The JSON is one object: "__metadata__" (string → string,
/// optional) and, per tensor, {"dtype": "F32", "shape": [d0, d1, …], "data_offsets": [begin,
/// end]}, offsets counted from the start of the data buffer. Every tensor must lie inside the
/// buffer, no two may overlap, and end − begin must be the product of the shape times the dtype's
/// size; the buffer is read from a memory map, so only the pages of the tensors actually read
/// are touched (a 7 B model's q/k projections, not its 14 GB).
///
/// Values are read as F32, F16 (IEEE binary16) and BF16 (the upper half of a binary32), all
/// little-endian; the other dtypes the format defines are accepted in the header (a quantised
/// model has U8 and I32 tensors) but cannot be read as numbers.

namespace rope::io {

/// \brief Largest header accepted (100 MB, the limit of the reference implementation; real
/// headers are a few hundred KiB even for thousands of tensors).
inline constexpr quint64 kSafetensorsMaxHeader = 100'000'000;

/// \brief One tensor's entry in the header.
struct SafetensorsTensor {
    QString name;
    /// Dtype as spelled in the header ("F32", "BF16", …).
    QString dtype;
    /// Bytes per element (1, 2, 4 or 8).
    int elementSize = 0;
    std::vector<quint64> shape;
    /// Byte range [begin, end) inside the data buffer.
    quint64 begin = 0;
    quint64 end = 0;

    /// \brief Number of elements (product of the shape; 1 for a scalar).
    quint64 elements() const;
};

/// \brief A parsed header.
struct SafetensorsHeader {
    /// Where the data buffer starts in the file: 8 + N.
    quint64 dataOffset = 0;
    /// Tensors by name.
    std::map<QString, SafetensorsTensor> tensors;
    /// "__metadata__" entries.
    std::map<QString, QString> metadata;
};

/// \brief Parses the header of a safetensors file of \p size bytes starting at \p bytes (a memory
/// map of the whole file: ranges are checked against \p size).
/// \return the header, or nullopt with one message in \p error naming the tensor and field that
/// is wrong.
std::optional<SafetensorsHeader> parseSafetensors(const uchar* bytes, quint64 size, QString& error);

/// \brief True for the dtypes read as numbers: F32, F16, BF16.
bool isReadableDtype(const QString& dtype);

/// \brief IEEE 754 binary16 bits → value (subnormals, ±∞ and NaN included).
double halfToDouble(quint16 bits);

/// \brief bfloat16 bits → value (the upper 16 bits of a binary32).
double bfloat16ToDouble(quint16 bits);

/// \brief A safetensors file opened for reading: memory-mapped when the file system allows it
/// (else, for files up to 256 MiB such as resources, read into memory).
class SafetensorsFile {
public:
    /// \brief Opens and parses \p path; nullptr with \p error set ("file: reason") otherwise.
    static std::unique_ptr<SafetensorsFile> open(const QString& path, QString& error);
    ~SafetensorsFile();
    SafetensorsFile(const SafetensorsFile&) = delete;
    SafetensorsFile& operator=(const SafetensorsFile&) = delete;

    const SafetensorsHeader& header() const { return m_header; }
    const QString& path() const { return m_path; }

    /// \brief Elements [first, first + count) (row-major) of \p tensor as doubles into \p out.
    /// \pre isReadableDtype(tensor.dtype) and first + count <= tensor.elements().
    void read(const SafetensorsTensor& tensor, quint64 first, quint64 count, double* out) const;

private:
    SafetensorsFile() = default;
    struct Storage;
    std::unique_ptr<Storage> m_storage;
    const uchar* m_bytes = nullptr;
    quint64 m_size = 0;
    QString m_path;
    SafetensorsHeader m_header;
};

} // namespace rope::io
