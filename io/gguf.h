// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/model_config.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <map>
#include <optional>
#include <vector>

/// \file gguf.h
/// The header of a GGUF file (the model format of ggml / llama.cpp), read without the weights,
/// and its translation into the Hugging Face config.json fields the config importer reads.
///
/// Layout (GGUF v2 and v3, little-endian): "GGUF", uint32 version, uint64 tensor_count,
/// uint64 metadata_kv_count; then metadata_kv_count pairs (string key, uint32 value type, value),
/// a string being uint64 length + UTF-8 bytes and an array uint32 item type + uint64 length +
/// items; then tensor_count tensor infos (string name, uint32 n_dims, uint64 dims[n_dims],
/// uint32 ggml type, uint64 offset); then padding to `general.alignment` (default 32), where
/// the tensor data starts. Every count and length is checked against the bytes left before
/// anything is allocated, so a hostile header is an error, never a huge allocation. Keys are
/// non-empty and unique; tensor infos pass the checks llama.cpp's loader makes (unique names,
/// dimensions and element count within int64, a ggml type it defines, whole blocks per row, a
/// byte size within 64 bits, an aligned offset, the data inside the file), so a file llama.cpp
/// refuses is refused here too, with the tensor named.

namespace rope::io {

/// \brief Value types of GGUF metadata, numbered as the specification numbers them.
enum class GgufType : quint32 {
    UInt8 = 0,
    Int8 = 1,
    UInt16 = 2,
    Int16 = 3,
    UInt32 = 4,
    Int32 = 5,
    Float32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    UInt64 = 10,
    Int64 = 11,
    Float64 = 12,
};

/// \brief One metadata value. Numbers are held as double (exact for every integer up to 2^53,
/// far above any RoPE field), strings as QString, arrays as QVariantList of those.
struct GgufValue {
    GgufType type = GgufType::UInt32;
    /// Item type when type is Array.
    GgufType itemType = GgufType::UInt32;
    /// Number of items of an array (also when the items were skipped).
    quint64 count = 0;
    /// double, bool, QString or QVariantList; invalid for a skipped array.
    QVariant value;
};

/// \brief One tensor info (no data).
struct GgufTensorInfo {
    QString name;
    std::vector<quint64> dims;
    quint32 ggmlType = 0;
    /// Offset from the start of the tensor data section.
    quint64 offset = 0;
    /// Size of the data in bytes (elements / block size · bytes per block of the ggml type).
    quint64 bytes = 0;
};

/// \brief A parsed GGUF header.
struct GgufFile {
    quint32 version = 0;
    quint64 alignment = 32;
    /// Where the tensor data section starts (bytes from the start of the file).
    quint64 dataOffset = 0;
    std::map<QString, GgufValue> metadata;
    std::vector<GgufTensorInfo> tensors;
    /// Float32 contents of the RoPE tensors (`rope_freqs`, `rope_factors_long`,
    /// `rope_factors_short`, with or without ".weight"), keyed by the name without ".weight".
    std::map<QString, std::vector<double>> ropeTensors;
};

/// \brief Largest array whose items are kept (longer ones, such as a tokenizer's vocabulary,
/// are walked and bounds-checked but only counted).
inline constexpr quint64 kGgufMaxKeptArray = 1 << 16;

/// \brief Parses a GGUF header from \p bytes (the whole file or a memory map of it).
/// \return the header, or nullopt with one message in \p error naming what is wrong and where
/// (the byte offset and the key or tensor being read).
std::optional<GgufFile> parseGguf(const uchar* bytes, quint64 size, QString& error);

/// \brief The Hugging Face config.json that describes the same RoPE as \p file (see
/// docs/models.md for the key mapping). Keys that have no config.json counterpart or that
/// could not be translated are named in \p warnings / \p errors ("gguf key: text").
QByteArray ggufToHfConfig(const GgufFile& file, QStringList& warnings, QStringList& errors);

/// \brief Reads a GGUF file's header (memory-mapped; tensor data is never touched except the
/// RoPE factor tensors) and imports it through the config importer. A file that is not a
/// readable GGUF gives one "(file): …" error.
ModelConfigResult loadGguf(const QString& path);

/// \brief The same from bytes in memory (tests, fuzzing).
ModelConfigResult loadGgufFromBytes(const QByteArray& bytes);

/// \brief The translated config.json of the GGUF at \p path (what loadGguf imports), or an empty
/// array with \p error set.
QByteArray ggufConfigJson(const QString& path, QString& error);

/// \brief True when \p path ends in ".gguf" or starts with the GGUF magic.
bool isGgufFile(const QString& path);

/// \brief loadGguf() for a GGUF file, else loadModelConfig(): what "open a model" calls.
ModelConfigResult loadModelFile(const QString& path);

} // namespace rope::io
