// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/safetensors.h"
#include "io/io_text.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace rope::io {

namespace {

struct DtypeRow {
    const char* id;
    int size;
};

// Every dtype of the format with a whole number of bytes per element (the reference
// implementation's Dtype enum; the sub-byte F4/F6 kinds are named as unsupported below).
constexpr DtypeRow kDtypes[] = {
    {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1}, {"F8_E8M0", 1},
    {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},     {"U32", 4},
    {"F32", 4},  {"I64", 8}, {"U64", 8}, {"F64", 8},     {"C64", 8},
};

int dtypeSize(const QString& id) {
    for (const DtypeRow& row : kDtypes) {
        if (id == QLatin1String(row.id)) {
            return row.size;
        }
    }
    return 0;
}

// A JSON number that is a non-negative integer below 2^53 (every count a real file holds; a
// double cannot say more exactly, so larger ones are refused rather than rounded).
bool jsonUInt(const QJsonValue& v, quint64& out) {
    if (!v.isDouble()) {
        return false;
    }
    const double d = v.toDouble();
    if (!(d >= 0.0) || d > 9007199254740992.0 || std::floor(d) != d) {
        return false;
    }
    out = static_cast<quint64>(d);
    return true;
}

QString describe(const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::Double:
        return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::String:
        return QLatin1Char('"') + v.toString().left(40) + QLatin1Char('"');
    case QJsonValue::Array:
        return IoText::tr("an array");
    case QJsonValue::Object:
        return IoText::tr("an object");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Undefined:
        break;
    }
    return IoText::tr("nothing");
}

bool parseTensor(const QString& name, const QJsonValue& entry, quint64 bufferSize,
                 SafetensorsTensor& t, QString& error) {
    t.name = name;
    if (!entry.isObject()) {
        error = IoText::tr("tensor '%1': expected an object, got %2").arg(name, describe(entry));
        return false;
    }
    const QJsonObject o = entry.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != QLatin1String("dtype") && it.key() != QLatin1String("shape") &&
            it.key() != QLatin1String("data_offsets")) {
            error = IoText::tr("tensor '%1': unknown field '%2' (a tensor has dtype, shape and "
                               "data_offsets)")
                        .arg(name, it.key());
            return false;
        }
    }
    const QJsonValue dtype = o.value(QLatin1String("dtype"));
    if (!dtype.isString()) {
        error =
            IoText::tr("tensor '%1': dtype must be a string, got %2").arg(name, describe(dtype));
        return false;
    }
    t.dtype = dtype.toString();
    t.elementSize = dtypeSize(t.dtype);
    if (t.elementSize == 0) {
        error = IoText::tr("tensor '%1': unknown dtype \"%2\" (known: BOOL, U8, I8, F8_E5M2, "
                           "F8_E4M3, F8_E8M0, I16, U16, F16, BF16, I32, U32, F32, I64, U64, F64, "
                           "C64)")
                    .arg(name, t.dtype.left(40));
        return false;
    }
    const QJsonValue shape = o.value(QLatin1String("shape"));
    if (!shape.isArray()) {
        error =
            IoText::tr("tensor '%1': shape must be an array, got %2").arg(name, describe(shape));
        return false;
    }
    const QJsonArray dims = shape.toArray();
    // No framework has tensors of more than a few dozen dimensions; the cap bounds the loop.
    if (dims.size() > 64) {
        error = IoText::tr("tensor '%1': shape has %2 dimensions (at most 64)")
                    .arg(name)
                    .arg(dims.size());
        return false;
    }
    quint64 elements = 1;
    bool overflow = false;
    for (qsizetype i = 0; i < dims.size(); ++i) {
        quint64 d = 0;
        if (!jsonUInt(dims.at(i), d)) {
            error = IoText::tr("tensor '%1': shape[%2] must be a non-negative integer, got %3")
                        .arg(name)
                        .arg(i)
                        .arg(describe(dims.at(i)));
            return false;
        }
        t.shape.push_back(d);
        if (d != 0 && elements > std::numeric_limits<quint64>::max() / d) {
            overflow = true;
        }
        elements *= d;
    }
    const QJsonValue offsets = o.value(QLatin1String("data_offsets"));
    const QJsonArray pair = offsets.toArray();
    if (!offsets.isArray() || pair.size() != 2 || !jsonUInt(pair.at(0), t.begin) ||
        !jsonUInt(pair.at(1), t.end)) {
        error = IoText::tr("tensor '%1': data_offsets must be two non-negative integers [begin, "
                           "end], got %2")
                    .arg(name,
                         offsets.isArray()
                             ? QString::fromUtf8(QJsonDocument(pair).toJson(QJsonDocument::Compact))
                                   .left(80)
                             : describe(offsets));
        return false;
    }
    if (t.end < t.begin) {
        error = IoText::tr("tensor '%1': data_offsets [%2, %3] end before they begin")
                    .arg(name)
                    .arg(t.begin)
                    .arg(t.end);
        return false;
    }
    if (t.end > bufferSize) {
        error = IoText::tr("tensor '%1': data_offsets [%2, %3] lie beyond the data buffer (%4 "
                           "bytes)")
                    .arg(name)
                    .arg(t.begin)
                    .arg(t.end)
                    .arg(bufferSize);
        return false;
    }
    const quint64 bytes = t.end - t.begin;
    if (overflow || elements > bytes / static_cast<quint64>(t.elementSize) ||
        elements * static_cast<quint64>(t.elementSize) != bytes) {
        QStringList ds;
        for (const quint64 d : t.shape) {
            ds << QString::number(d);
        }
        error = IoText::tr("tensor '%1': shape [%2] of %3 (%4 bytes each) does not fill its "
                           "byte range [%5, %6] (%7 bytes)")
                    .arg(name, ds.join(QStringLiteral(", ")), t.dtype)
                    .arg(t.elementSize)
                    .arg(t.begin)
                    .arg(t.end)
                    .arg(bytes);
        return false;
    }
    return true;
}

} // namespace

quint64 SafetensorsTensor::elements() const {
    quint64 n = 1;
    for (const quint64 d : shape) {
        n *= d; // checked against the byte range when parsed
    }
    return n;
}

std::optional<SafetensorsHeader> parseSafetensors(const uchar* bytes, quint64 size,
                                                  QString& error) {
    error.clear();
    if (size < 8) {
        error = IoText::tr("the file has %1 bytes; a safetensors file starts with an 8-byte "
                           "header length")
                    .arg(size);
        return std::nullopt;
    }
    quint64 n = 0;
    // Little-endian, as is every platform the explorer builds on.
    std::memcpy(&n, bytes, 8);
    if (n > kSafetensorsMaxHeader) {
        error = IoText::tr("header length %1 exceeds the limit of %2 bytes")
                    .arg(n)
                    .arg(kSafetensorsMaxHeader);
        return std::nullopt;
    }
    if (n > size - 8) {
        error = IoText::tr("header length %1 goes beyond the end of the file (%2 bytes after the "
                           "length)")
                    .arg(n)
                    .arg(size - 8);
        return std::nullopt;
    }
    SafetensorsHeader h;
    h.dataOffset = 8 + n;
    const quint64 bufferSize = size - h.dataOffset;
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char*>(bytes + 8),
                                                    static_cast<qsizetype>(n));
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        error = IoText::tr("the JSON header is malformed at byte %1 of the header: %2")
                    .arg(parseError.offset)
                    .arg(parseError.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        error = IoText::tr("the JSON header must be an object");
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    std::vector<const SafetensorsTensor*> order;
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__")) {
            if (!it.value().isObject()) {
                error = IoText::tr("__metadata__ must be an object of strings, got %1")
                            .arg(describe(it.value()));
                return std::nullopt;
            }
            const QJsonObject meta = it.value().toObject();
            for (auto m = meta.begin(); m != meta.end(); ++m) {
                if (!m.value().isString()) {
                    error = IoText::tr("__metadata__.%1 must be a string, got %2")
                                .arg(m.key(), describe(m.value()));
                    return std::nullopt;
                }
                h.metadata[m.key()] = m.value().toString();
            }
            continue;
        }
        SafetensorsTensor t;
        if (!parseTensor(it.key(), it.value(), bufferSize, t, error)) {
            return std::nullopt;
        }
        h.tensors.emplace(it.key(), std::move(t));
    }
    for (const auto& [name, t] : h.tensors) {
        order.push_back(&t);
    }
    std::sort(order.begin(), order.end(),
              [](const SafetensorsTensor* a, const SafetensorsTensor* b) {
                  return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
              });
    // The format indexes the buffer entirely, without holes: tensors sorted by offset follow one
    // another exactly, and the last ends where the file ends.
    quint64 expected = 0;
    const SafetensorsTensor* previous = nullptr;
    for (const SafetensorsTensor* t : order) {
        if (t->begin < expected) {
            error = IoText::tr("tensor '%1' (bytes [%2, %3]) overlaps tensor '%4' (bytes [%5, %6])")
                        .arg(t->name)
                        .arg(t->begin)
                        .arg(t->end)
                        .arg(previous->name)
                        .arg(previous->begin)
                        .arg(previous->end);
            return std::nullopt;
        }
        if (t->begin > expected) {
            error = IoText::tr("tensor '%1' starts at byte %2 of the data buffer, leaving a gap "
                               "after byte %3 (the format allows no holes)")
                        .arg(t->name)
                        .arg(t->begin)
                        .arg(expected);
            return std::nullopt;
        }
        expected = t->end;
        previous = t;
    }
    if (expected != bufferSize) {
        error = IoText::tr("the tensors cover %1 bytes of data, but the file holds %2 after the "
                           "header")
                    .arg(expected)
                    .arg(bufferSize);
        return std::nullopt;
    }
    return h;
}

bool isReadableDtype(const QString& dtype) {
    return dtype == QLatin1String("F32") || dtype == QLatin1String("F16") ||
           dtype == QLatin1String("BF16");
}

double halfToDouble(quint16 bits) {
    // binary16: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits.
    const int sign = (bits >> 15) & 1;
    const int exponent = (bits >> 10) & 0x1f;
    const int fraction = bits & 0x3ff;
    double v = 0.0;
    if (exponent == 0) {
        v = std::ldexp(static_cast<double>(fraction), -24); // subnormal: f · 2^−14 / 2^10
    } else if (exponent == 31) {
        v = fraction == 0 ? std::numeric_limits<double>::infinity()
                          : std::numeric_limits<double>::quiet_NaN();
    } else {
        v = std::ldexp(static_cast<double>(1024 + fraction),
                       exponent - 25); // (1 + f/2^10)·2^(e−15)
    }
    return sign != 0 ? -v : v;
}

double bfloat16ToDouble(quint16 bits) {
    const quint32 wide = static_cast<quint32>(bits) << 16;
    float f = 0;
    std::memcpy(&f, &wide, 4);
    return f;
}

struct SafetensorsFile::Storage {
    QFile file;
    QByteArray copy;
};

std::unique_ptr<SafetensorsFile> SafetensorsFile::open(const QString& path, QString& error) {
    std::unique_ptr<SafetensorsFile> f(new SafetensorsFile);
    f->m_storage = std::make_unique<Storage>();
    f->m_path = path;
    QFile& file = f->m_storage->file;
    file.setFileName(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = IoText::tr("%1: cannot open: %2").arg(path, file.errorString());
        return nullptr;
    }
    const qint64 size = file.size();
    if (size <= 0) {
        error = IoText::tr("%1: the file is empty").arg(path);
        return nullptr;
    }
    f->m_bytes = file.map(0, size);
    if (f->m_bytes == nullptr) {
        // A compressed resource or a file system without mmap: small files are read instead.
        constexpr qint64 kMaxCopy = 256 * 1024 * 1024;
        if (size > kMaxCopy) {
            error = IoText::tr("%1: cannot map the file: %2").arg(path, file.errorString());
            return nullptr;
        }
        f->m_storage->copy = file.readAll();
        if (f->m_storage->copy.size() != size) {
            error = IoText::tr("%1: cannot read the file: %2").arg(path, file.errorString());
            return nullptr;
        }
        f->m_bytes = reinterpret_cast<const uchar*>(f->m_storage->copy.constData());
    }
    f->m_size = static_cast<quint64>(size);
    std::optional<SafetensorsHeader> header = parseSafetensors(f->m_bytes, f->m_size, error);
    if (!header) {
        error = path + QStringLiteral(": ") + error;
        return nullptr;
    }
    f->m_header = std::move(*header);
    return f;
}

SafetensorsFile::~SafetensorsFile() {
    if (m_storage && m_storage->copy.isEmpty() && m_bytes != nullptr) {
        m_storage->file.unmap(const_cast<uchar*>(m_bytes));
    }
}

void SafetensorsFile::read(const SafetensorsTensor& tensor, quint64 first, quint64 count,
                           double* out) const {
    const uchar* p = m_bytes + m_header.dataOffset + tensor.begin +
                     first * static_cast<quint64>(tensor.elementSize);
    if (tensor.elementSize == 4) {
        for (quint64 i = 0; i < count; ++i) {
            float f = 0;
            std::memcpy(&f, p + 4 * i, 4);
            out[i] = f;
        }
        return;
    }
    const bool half = tensor.dtype == QLatin1String("F16");
    for (quint64 i = 0; i < count; ++i) {
        quint16 bits = 0;
        std::memcpy(&bits, p + 2 * i, 2);
        out[i] = half ? halfToDouble(bits) : bfloat16ToDouble(bits);
    }
}

} // namespace rope::io
