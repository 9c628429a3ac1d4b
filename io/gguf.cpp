// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/gguf.h"
#include "io/io_text.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <array>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace rope::io {

namespace {

// Sequential little-endian reader over the mapped bytes. Every read first checks that the bytes
// are there; a failure leaves one message naming the offset and what was being read.
class Cursor {
public:
    Cursor(const uchar* bytes, quint64 size, QString& error)
        : m_bytes(bytes), m_size(size), m_error(error) {}

    quint64 pos() const { return m_pos; }
    quint64 left() const { return m_size - m_pos; }
    bool failed() const { return !m_error.isEmpty(); }

    bool fail(const QString& what) {
        if (m_error.isEmpty()) {
            m_error = IoText::tr("at byte %1: %2").arg(m_pos).arg(what);
        }
        return false;
    }

    template <typename T> bool read(T& out, const QString& what) {
        if (left() < sizeof(T)) {
            return fail(IoText::tr("file ends inside %1 (truncated)").arg(what));
        }
        // GGUF is little-endian, as is every platform the explorer builds on.
        std::memcpy(&out, m_bytes + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return true;
    }

    bool skip(quint64 n, const QString& what) {
        if (left() < n) {
            return fail(IoText::tr("file ends inside %1 (truncated)").arg(what));
        }
        m_pos += n;
        return true;
    }

    // A gguf_string: uint64 length, then that many bytes (not NUL-terminated).
    bool string(QString* out, const QString& what) {
        quint64 n = 0;
        if (!read(n, what)) {
            return false;
        }
        if (n > left()) {
            return fail(IoText::tr("%1 claims %2 bytes but only %3 are left in the file")
                            .arg(what)
                            .arg(n)
                            .arg(left()));
        }
        if (out != nullptr) {
            *out = QString::fromUtf8(reinterpret_cast<const char*>(m_bytes + m_pos),
                                     static_cast<qsizetype>(n));
        }
        m_pos += n;
        return true;
    }

private:
    const uchar* m_bytes;
    quint64 m_size;
    quint64 m_pos = 0;
    QString& m_error;
};

// Bytes of one scalar item; 0 for string and array (variable size).
quint64 scalarSize(GgufType t) {
    switch (t) {
    case GgufType::UInt8:
    case GgufType::Int8:
    case GgufType::Bool:
        return 1;
    case GgufType::UInt16:
    case GgufType::Int16:
        return 2;
    case GgufType::UInt32:
    case GgufType::Int32:
    case GgufType::Float32:
        return 4;
    case GgufType::UInt64:
    case GgufType::Int64:
    case GgufType::Float64:
        return 8;
    case GgufType::String:
    case GgufType::Array:
        return 0;
    }
    return 0;
}

bool knownType(quint32 t) {
    return t <= static_cast<quint32>(GgufType::Float64);
}

// A ggml storage type as stored: elements per block and bytes per block. A tensor of n elements
// takes n / block · bytes bytes. The numbers are ggml's type_traits (the same table as gguf-py's
// GGML_QUANT_SIZES, llama.cpp as of commit 145b628, ggml types 0 to 42); block 0 marks a number
// ggml retired (4, 5: Q4_2/Q4_3; 31–33: Q4_0_4_4…; 36–38: IQ4_NL_4_4…), which its loader refuses
// because the block size is 0.
struct GgmlTypeSize {
    quint32 block;
    quint32 bytes;
};
// clang-format off
constexpr GgmlTypeSize kGgmlTypeSizes[] = {
    {1, 4},     {1, 2},     {32, 18},  {32, 20},   {0, 0},     {0, 0},    // F32 F16 Q4_0 Q4_1 - -
    {32, 22},   {32, 24},   {32, 34},  {32, 40},                          // Q5_0 Q5_1 Q8_0 Q8_1
    {256, 84},  {256, 110}, {256, 144}, {256, 176}, {256, 210}, {256, 292}, // Q2_K … Q8_K
    {256, 66},  {256, 74},  {256, 98}, {256, 50},                         // IQ2_XXS IQ2_XS IQ3_XXS IQ1_S
    {32, 18},   {256, 110}, {256, 82}, {256, 136},                        // IQ4_NL IQ3_S IQ2_S IQ4_XS
    {1, 1},     {1, 2},     {1, 4},    {1, 8},     {1, 8},                // I8 I16 I32 I64 F64
    {256, 56},  {1, 2},     {0, 0},    {0, 0},     {0, 0},                // IQ1_M BF16 - - -
    {256, 54},  {256, 66},  {0, 0},    {0, 0},     {0, 0},                // TQ1_0 TQ2_0 - - -
    {32, 17},   {64, 36},   {128, 18}, {64, 18},                          // MXFP4 NVFP4 Q1_0 Q2_0
};
// clang-format on
constexpr quint32 kGgmlTypeCount = sizeof(kGgmlTypeSizes) / sizeof(kGgmlTypeSizes[0]);
static_assert(kGgmlTypeCount == 43);

// ggml stores dimensions and element counts as int64_t.
constexpr quint64 kMaxInt64 = static_cast<quint64>(std::numeric_limits<qint64>::max());

QString shapeText(const std::vector<quint64>& dims) {
    QStringList parts;
    for (const quint64 d : dims) {
        parts << QString::number(d);
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// The checks llama.cpp's gguf_init_from_file_impl makes on one tensor info before it will load
// the file, with its rules: every dimension fits int64_t, the element count stays below
// INT64_MAX, the type is one ggml defines, a row holds whole blocks, and the byte size fits 64
// bits. Sets \p info.bytes. Messages name the tensor.
bool checkTensorShape(Cursor& c, GgufTensorInfo& info) {
    const QString shape = shapeText(info.dims);
    quint64 elements = 1;
    for (std::size_t d = 0; d < info.dims.size(); ++d) {
        if (info.dims[d] > kMaxInt64) {
            return c.fail(IoText::tr("tensor '%1' has dimension %2 = %3, above 2^63 - 1 (ggml "
                                     "stores dimensions as int64)")
                              .arg(info.name)
                              .arg(d)
                              .arg(info.dims[d]));
        }
    }
    // ggml pads the shape to four dimensions with 1s. llama.cpp's rule, kept as it is (it also
    // refuses a few counts just below INT64_MAX): refused when ne0·…·ne(j−1) ≥ INT64_MAX / ne(j)
    // for j = 1, 2, 3 (integer division), checked only for a non-empty tensor (no division by 0).
    std::array<quint64, 4> ne{1, 1, 1, 1};
    std::copy(info.dims.begin(), info.dims.end(), ne.begin());
    const bool empty = std::find(ne.begin(), ne.end(), quint64{0}) != ne.end();
    if (!empty) {
        elements = ne[0];
        for (std::size_t j = 1; j < ne.size(); ++j) {
            if (elements >= kMaxInt64 / ne[j]) {
                return c.fail(IoText::tr("tensor '%1' with shape %2 has too many elements: the "
                                         "count overflows ggml's int64 (llama.cpp refuses it)")
                                  .arg(info.name, shape));
            }
            elements *= ne[j];
        }
    } else {
        elements = 0;
    }
    if (info.ggmlType >= kGgmlTypeCount || kGgmlTypeSizes[info.ggmlType].block == 0) {
        return c.fail(IoText::tr("tensor '%1' has ggml type %2, which ggml does not define "
                                 "(types 0 to %3 without the retired 4, 5, 31 to 33 and 36 to 38)")
                          .arg(info.name)
                          .arg(info.ggmlType)
                          .arg(kGgmlTypeCount - 1));
    }
    const GgmlTypeSize t = kGgmlTypeSizes[info.ggmlType];
    const quint64 row = info.dims.empty() ? 1 : info.dims[0];
    if (row % t.block != 0) {
        return c.fail(IoText::tr("tensor '%1' of ggml type %2 has %3 elements per row, not a "
                                 "multiple of the type's block size %4")
                          .arg(info.name)
                          .arg(info.ggmlType)
                          .arg(row)
                          .arg(t.block));
    }
    const quint64 blocks = elements / t.block;
    if (blocks > std::numeric_limits<quint64>::max() / t.bytes) {
        return c.fail(IoText::tr("tensor '%1' with shape %2 and ggml type %3 takes more than "
                                 "2^64 - 1 bytes")
                          .arg(info.name, shape)
                          .arg(info.ggmlType));
    }
    info.bytes = blocks * t.bytes;
    return true;
}

// One scalar (not string, not array) as double or bool.
QVariant readScalar(Cursor& c, GgufType t, const QString& what) {
    const auto get = [&](auto v) -> QVariant {
        if (!c.read(v, what)) {
            return {};
        }
        return static_cast<double>(v);
    };
    switch (t) {
    case GgufType::UInt8:
        return get(quint8{});
    case GgufType::Int8:
        return get(qint8{});
    case GgufType::UInt16:
        return get(quint16{});
    case GgufType::Int16:
        return get(qint16{});
    case GgufType::UInt32:
        return get(quint32{});
    case GgufType::Int32:
        return get(qint32{});
    case GgufType::Float32: {
        // convert_hf_to_gguf stores config.json decimals (rope_theta, factor, 0.1·mscale_all_dim)
        // as float32; the shortest decimal that reads back as the same float32 is the number the
        // config held (0.1f → 0.1, not 0.10000000149011612).
        float f = 0;
        if (!c.read(f, what)) {
            return {};
        }
        char buf[32];
        const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, f);
        if (ec != std::errc() || !std::isfinite(f)) {
            return static_cast<double>(f);
        }
        double d = f;
        std::from_chars(buf, end, d); // locale-independent, unlike strtod
        return d;
    }
    case GgufType::UInt64:
        return get(quint64{});
    case GgufType::Int64:
        return get(qint64{});
    case GgufType::Float64:
        return get(double{});
    case GgufType::Bool: {
        quint8 b = 0;
        if (!c.read(b, what)) {
            return {};
        }
        if (b > 1) {
            c.fail(IoText::tr("%1: a bool must be 0 or 1, got %2").arg(what).arg(b));
            return {};
        }
        return b == 1;
    }
    case GgufType::String:
    case GgufType::Array:
        break;
    }
    return {};
}

bool readValue(Cursor& c, const QString& key, GgufValue& out) {
    quint32 type = 0;
    if (!c.read(type, IoText::tr("the value type of '%1'").arg(key))) {
        return false;
    }
    if (!knownType(type)) {
        return c.fail(IoText::tr("'%1' has value type %2, which GGUF does not define (0 to 12)")
                          .arg(key)
                          .arg(type));
    }
    out.type = static_cast<GgufType>(type);
    if (out.type == GgufType::String) {
        QString s;
        if (!c.string(&s, IoText::tr("the string value of '%1'").arg(key))) {
            return false;
        }
        out.value = s;
        return true;
    }
    if (out.type != GgufType::Array) {
        out.value = readScalar(c, out.type, IoText::tr("the value of '%1'").arg(key));
        return !c.failed();
    }
    quint32 itemType = 0;
    if (!c.read(itemType, IoText::tr("the item type of array '%1'").arg(key))) {
        return false;
    }
    // Nested arrays are allowed by the specification but no RoPE key uses one; refusing them
    // also bounds the recursion a hostile file could ask for.
    if (!knownType(itemType) || itemType == static_cast<quint32>(GgufType::Array)) {
        return c.fail(IoText::tr("array '%1' has item type %2 (supported: 0 to 8, 10 to 12)")
                          .arg(key)
                          .arg(itemType));
    }
    out.itemType = static_cast<GgufType>(itemType);
    quint64 n = 0;
    if (!c.read(n, IoText::tr("the length of array '%1'").arg(key))) {
        return false;
    }
    out.count = n;
    // Every item takes at least its scalar size, a string at least its 8-byte length.
    const quint64 minItem = out.itemType == GgufType::String ? 8 : scalarSize(out.itemType);
    if (n > c.left() / minItem) {
        return c.fail(IoText::tr("array '%1' claims %2 items of at least %3 bytes, but only %4 "
                                 "bytes are left in the file")
                          .arg(key)
                          .arg(n)
                          .arg(minItem)
                          .arg(c.left()));
    }
    const bool keep = n <= kGgufMaxKeptArray;
    const QString what = IoText::tr("array '%1'").arg(key);
    if (!keep && out.itemType != GgufType::String) {
        return c.skip(n * minItem, what);
    }
    QVariantList items;
    if (keep) {
        items.reserve(static_cast<qsizetype>(n));
    }
    for (quint64 i = 0; i < n; ++i) {
        if (out.itemType == GgufType::String) {
            QString s;
            if (!c.string(keep ? &s : nullptr, what)) {
                return false;
            }
            if (keep) {
                items.append(s);
            }
        } else {
            const QVariant v = readScalar(c, out.itemType, what);
            if (c.failed()) {
                return false;
            }
            items.append(v);
        }
    }
    if (keep) {
        out.value = items;
    }
    return true;
}

bool isRopeTensor(const QString& name, QString& base) {
    static const QStringList names = {QStringLiteral("rope_freqs"),
                                      QStringLiteral("rope_factors_long"),
                                      QStringLiteral("rope_factors_short")};
    for (const QString& n : names) {
        if (name == n || name == n + QStringLiteral(".weight")) {
            base = n;
            return true;
        }
    }
    return false;
}

// The translated config through the importer. A file the translation cannot read at all (no
// architecture) is one "(file): " error, like an unreadable config.json.
ModelConfigResult importParsed(const GgufFile& file) {
    QStringList warnings;
    QStringList errors;
    const QByteArray json = ggufToHfConfig(file, warnings, errors);
    for (const QString& e : errors) {
        if (e.startsWith(QLatin1String("(file): "))) {
            ModelConfigResult refused;
            refused.errors << e;
            return refused;
        }
    }
    ModelConfigResult result = loadModelConfigFromJson(json);
    result.warnings = warnings + result.warnings;
    result.errors = errors + result.errors;
    return result;
}

} // namespace

std::optional<GgufFile> parseGguf(const uchar* bytes, quint64 size, QString& error) {
    error.clear();
    Cursor c(bytes, size, error);
    GgufFile f;
    if (size < 4 || std::memcmp(bytes, "GGUF", 4) != 0) {
        error = IoText::tr("not a GGUF file: it does not start with the bytes \"GGUF\"");
        return std::nullopt;
    }
    c.skip(4, QStringLiteral("magic"));
    if (!c.read(f.version, IoText::tr("the version"))) {
        return std::nullopt;
    }
    if (f.version != 2 && f.version != 3) {
        // A big-endian file (ggml writes them for s390x) shows its version byte-swapped.
        const quint32 swapped = ((f.version & 0xffu) << 24) | ((f.version & 0xff00u) << 8) |
                                ((f.version >> 8) & 0xff00u) | (f.version >> 24);
        if (swapped == 2 || swapped == 3) {
            error = IoText::tr("big-endian GGUF (version %1 byte-swapped) is not supported")
                        .arg(swapped);
        } else if (f.version == 1) {
            error = IoText::tr("GGUF version 1 (32-bit counts) is not supported; convert the "
                               "file again (versions 2 and 3 are read)");
        } else {
            error =
                IoText::tr("unknown GGUF version %1 (versions 2 and 3 are read)").arg(f.version);
        }
        return std::nullopt;
    }
    quint64 tensorCount = 0;
    quint64 kvCount = 0;
    if (!c.read(tensorCount, QStringLiteral("tensor_count")) ||
        !c.read(kvCount, QStringLiteral("metadata_kv_count"))) {
        return std::nullopt;
    }
    // A key-value pair takes at least 8 (key length) + 4 (type) + 1 bytes, a tensor info at
    // least 8 (name length) + 4 (n_dims) + 4 (type) + 8 (offset).
    if (kvCount > c.left() / 13) {
        error = IoText::tr("metadata_kv_count is %1, but %2 bytes can hold at most %3 pairs")
                    .arg(kvCount)
                    .arg(c.left())
                    .arg(c.left() / 13);
        return std::nullopt;
    }
    if (tensorCount > c.left() / 24) {
        error = IoText::tr("tensor_count is %1, but %2 bytes can hold at most %3 tensor infos")
                    .arg(tensorCount)
                    .arg(c.left())
                    .arg(c.left() / 24);
        return std::nullopt;
    }
    for (quint64 k = 0; k < kvCount; ++k) {
        QString key;
        if (!c.string(&key, IoText::tr("the key of metadata pair %1").arg(k))) {
            return std::nullopt;
        }
        if (key.isEmpty()) {
            c.fail(IoText::tr("the key of metadata pair %1 is empty").arg(k));
            return std::nullopt;
        }
        GgufValue v;
        if (!readValue(c, key, v)) {
            return std::nullopt;
        }
        if (f.metadata.count(key) != 0) {
            c.fail(IoText::tr("key '%1' appears twice").arg(key));
            return std::nullopt;
        }
        f.metadata.emplace(key, std::move(v));
    }
    const auto align = f.metadata.find(QStringLiteral("general.alignment"));
    if (align != f.metadata.end()) {
        // The type first: only a uint32 is converted, so no double (a float64 1e300, an array)
        // reaches the integer cast.
        const bool isUInt32 = align->second.type == GgufType::UInt32;
        const quint64 ai = isUInt32 ? static_cast<quint64>(align->second.value.toDouble()) : 0;
        if (!isUInt32 || ai == 0 || (ai & (ai - 1)) != 0) {
            error = IoText::tr("general.alignment must be a uint32 power of two, got %1")
                        .arg(align->second.value.toString());
            return std::nullopt;
        }
        f.alignment = ai;
    }
    std::map<QString, quint64> tensorIndex;
    for (quint64 t = 0; t < tensorCount; ++t) {
        GgufTensorInfo info;
        const QString what = IoText::tr("tensor info %1").arg(t);
        if (!c.string(&info.name, what)) {
            return std::nullopt;
        }
        // llama.cpp and gguf-py refuse a second tensor of the same name (which one would the
        // model read?).
        const auto [previous, inserted] = tensorIndex.emplace(info.name, t);
        if (!inserted) {
            c.fail(IoText::tr("duplicate tensor name '%1' (tensor infos %2 and %3)")
                       .arg(info.name)
                       .arg(previous->second)
                       .arg(t));
            return std::nullopt;
        }
        quint32 nDims = 0;
        if (!c.read(nDims, what)) {
            return std::nullopt;
        }
        // ggml tensors have at most 4 dimensions (GGML_MAX_DIMS).
        if (nDims > 4) {
            c.fail(
                IoText::tr("tensor '%1' has %2 dimensions (at most 4)").arg(info.name).arg(nDims));
            return std::nullopt;
        }
        for (quint32 d = 0; d < nDims; ++d) {
            quint64 n = 0;
            if (!c.read(n, what)) {
                return std::nullopt;
            }
            info.dims.push_back(n);
        }
        if (!c.read(info.ggmlType, what) || !checkTensorShape(c, info) ||
            !c.read(info.offset, what)) {
            return std::nullopt;
        }
        if (info.offset % f.alignment != 0) {
            c.fail(IoText::tr("tensor '%1' has data offset %2, not a multiple of the alignment %3")
                       .arg(info.name)
                       .arg(info.offset)
                       .arg(f.alignment));
            return std::nullopt;
        }
        f.tensors.push_back(std::move(info));
    }
    // The data section starts at the next multiple of the alignment.
    const quint64 rem = c.pos() % f.alignment;
    f.dataOffset = c.pos() + (rem == 0 ? 0 : f.alignment - rem);

    // Every tensor's bytes lie inside the file (llama.cpp's loader: "tensor data is not within
    // the file bounds, model is corrupted or incomplete"). Written so that no sum can wrap:
    // dataOffset ≤ size, then offset ≤ size − dataOffset, then bytes ≤ what is left.
    for (const GgufTensorInfo& info : f.tensors) {
        if (f.dataOffset > size || info.offset > size - f.dataOffset ||
            info.bytes > size - f.dataOffset - info.offset) {
            error = IoText::tr("tensor '%1' (%2 bytes at data offset %3; the data section starts "
                               "at byte %4) lies beyond the end of the file (%5 bytes): the file "
                               "is truncated or corrupt")
                        .arg(info.name)
                        .arg(info.bytes)
                        .arg(info.offset)
                        .arg(f.dataOffset)
                        .arg(size);
            return std::nullopt;
        }
    }

    for (const GgufTensorInfo& info : f.tensors) {
        QString base;
        if (!isRopeTensor(info.name, base)) {
            continue;
        }
        if (info.ggmlType != 0) {
            error = IoText::tr("tensor '%1' has ggml type %2; RoPE factors are read as F32 "
                               "(type 0) only")
                        .arg(info.name)
                        .arg(info.ggmlType);
            return std::nullopt;
        }
        if (info.dims.size() != 1 || info.dims[0] == 0 || info.dims[0] > 65536) {
            error = IoText::tr("tensor '%1' must be one-dimensional with 1 to 65536 entries")
                        .arg(info.name);
            return std::nullopt;
        }
        const quint64 n = info.dims[0];
        if (info.offset > size || f.dataOffset > size - info.offset ||
            n * 4 > size - info.offset - f.dataOffset) {
            error = IoText::tr("tensor '%1' (%2 floats at data offset %3) lies beyond the end "
                               "of the file (%4 bytes)")
                        .arg(info.name)
                        .arg(n)
                        .arg(info.offset)
                        .arg(size);
            return std::nullopt;
        }
        std::vector<double> values(n);
        const uchar* p = bytes + f.dataOffset + info.offset;
        for (quint64 i = 0; i < n; ++i) {
            float v = 0;
            std::memcpy(&v, p + 4 * i, 4);
            // A NaN or infinite divisor makes θ_i NaN or 0 (and JSON cannot carry it to the
            // importer, which would see null): refused here, naming the tensor and entry.
            if (!std::isfinite(v)) {
                error = IoText::tr("tensor '%1' entry %2 is %3, not a finite number")
                            .arg(info.name)
                            .arg(i)
                            .arg(static_cast<double>(v));
                return std::nullopt;
            }
            values[i] = v;
        }
        f.ropeTensors[base] = std::move(values);
    }
    return f;
}

ModelConfigResult loadGgufFromBytes(const QByteArray& bytes) {
    ModelConfigResult result;
    QString error;
    const std::optional<GgufFile> file =
        parseGguf(reinterpret_cast<const uchar*>(bytes.constData()),
                  static_cast<quint64>(bytes.size()), error);
    if (!file) {
        result.errors << QStringLiteral("(file): ") + error;
        return result;
    }
    return importParsed(*file);
}

namespace {

// The header of the file at \p path. A memory map reads only the pages the header walk touches:
// a 40 GB model opens in milliseconds, and the weights are never read.
std::optional<GgufFile> parseGgufFile(const QString& path, QString& error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = IoText::tr("cannot open %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const qint64 size = file.size();
    if (size <= 0) {
        error = IoText::tr("%1 is empty").arg(path);
        return std::nullopt;
    }
    const uchar* bytes = file.map(0, size);
    if (bytes == nullptr) {
        error = IoText::tr("cannot map %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    std::optional<GgufFile> parsed = parseGguf(bytes, static_cast<quint64>(size), error);
    file.unmap(const_cast<uchar*>(bytes));
    return parsed;
}

} // namespace

ModelConfigResult loadGguf(const QString& path) {
    QString error;
    const std::optional<GgufFile> parsed = parseGgufFile(path, error);
    if (!parsed) {
        ModelConfigResult result;
        result.errors << QStringLiteral("(file): ") + error;
        return result;
    }
    return importParsed(*parsed);
}

QByteArray ggufConfigJson(const QString& path, QString& error) {
    const std::optional<GgufFile> parsed = parseGgufFile(path, error);
    if (!parsed) {
        return {};
    }
    QStringList warnings;
    QStringList errors;
    return ggufToHfConfig(*parsed, warnings, errors);
}

bool isGgufFile(const QString& path) {
    if (QFileInfo(path).suffix().compare(QLatin1String("gguf"), Qt::CaseInsensitive) == 0) {
        return true;
    }
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && file.read(4) == QByteArrayLiteral("GGUF");
}

ModelConfigResult loadModelFile(const QString& path) {
    return isGgufFile(path) ? loadGguf(path) : loadModelConfig(path);
}

} // namespace rope::io
