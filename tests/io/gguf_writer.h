// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A minimal GGUF writer for tests, written from the format specification (ggml docs/gguf.md),
// independently of the reader: little-endian scalars, gguf_string = uint64 length + bytes,
// metadata pairs (key, uint32 type, value), tensor infos (name, uint32 n_dims, uint64 dims,
// uint32 ggml type, uint64 offset), zero padding to the alignment, then the tensor data.

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <cstring>
#include <vector>

namespace gguf_test {

enum Type : uint32_t {
    U8 = 0, I8 = 1, U16 = 2, I16 = 3, U32 = 4, I32 = 5, F32 = 6, BOOL = 7, STR = 8, ARR = 9,
    U64 = 10, I64 = 11, F64 = 12
};

class Writer {
public:
    explicit Writer(uint32_t version = 3) : m_version(version) {}

    void u32(const QString& key, uint32_t v) { kv(key, U32, raw(v)); }
    void i32(const QString& key, int32_t v) { kv(key, I32, raw(v)); }
    void u64(const QString& key, uint64_t v) { kv(key, U64, raw(v)); }
    void f32(const QString& key, float v) { kv(key, F32, raw(v)); }
    void f64(const QString& key, double v) { kv(key, F64, raw(v)); }
    void boolean(const QString& key, bool v) { kv(key, BOOL, QByteArray(1, v ? 1 : 0)); }
    void str(const QString& key, const QString& v) { kv(key, STR, string(v)); }
    void i32Array(const QString& key, const std::vector<int32_t>& v) {
        QByteArray b = raw(uint32_t{I32}) + raw(uint64_t(v.size()));
        for (int32_t x : v) {
            b += raw(x);
        }
        kv(key, ARR, b);
    }
    void f32Array(const QString& key, const std::vector<float>& v) {
        QByteArray b = raw(uint32_t{F32}) + raw(uint64_t(v.size()));
        for (float x : v) {
            b += raw(x);
        }
        kv(key, ARR, b);
    }
    void boolArray(const QString& key, const std::vector<bool>& v) {
        QByteArray b = raw(uint32_t{BOOL}) + raw(uint64_t(v.size()));
        for (bool x : v) {
            b += QByteArray(1, x ? 1 : 0);
        }
        kv(key, ARR, b);
    }
    void strArray(const QString& key, const std::vector<QString>& v) {
        QByteArray b = raw(uint32_t{STR}) + raw(uint64_t(v.size()));
        for (const QString& x : v) {
            b += string(x);
        }
        kv(key, ARR, b);
    }
    // A float32 tensor (ggml type 0) with its data; offsets are aligned as the spec requires.
    void f32Tensor(const QString& name, const std::vector<float>& v) {
        while (m_data.size() % 32 != 0) {
            m_data.append('\0');
        }
        m_tensors += string(name) + raw(uint32_t{1}) + raw(uint64_t(v.size())) + raw(uint32_t{0}) +
                     raw(uint64_t(m_data.size()));
        ++m_tensorCount;
        for (float x : v) {
            m_data += raw(x);
        }
    }
    // An F16 (ggml type 1) "weight" of zeros: 2 bytes per element, present in the file as the
    // loader requires, never read by the RoPE reader.
    void f16Zeros(const QString& name, uint64_t elements) {
        while (m_data.size() % 32 != 0) {
            m_data.append('\0');
        }
        rawTensor(name, {elements}, 1, uint64_t(m_data.size()));
        m_data += QByteArray(qsizetype(2 * elements), '\0');
    }
    // Any tensor info, written as given (hostile-header tests); no data is added.
    void rawTensor(const QString& name, const std::vector<uint64_t>& dims, uint32_t ggmlType,
                   uint64_t offset) {
        m_tensors += string(name) + raw(uint32_t(dims.size()));
        for (uint64_t d : dims) {
            m_tensors += raw(d);
        }
        m_tensors += raw(ggmlType) + raw(offset);
        ++m_tensorCount;
    }
    // Zero bytes appended to the data section (room for rawTensor data).
    void padData(qsizetype n) { m_data += QByteArray(n, '\0'); }

    QByteArray bytes() const {
        QByteArray out = QByteArray("GGUF") + raw(m_version);
        if (m_version == 1) {
            out += raw(uint32_t(m_tensorCount)) + raw(uint32_t(m_kvCount));
        } else {
            out += raw(uint64_t(m_tensorCount)) + raw(uint64_t(m_kvCount));
        }
        out += m_kv + m_tensors;
        while (out.size() % 32 != 0) {
            out.append('\0');
        }
        return out + m_data;
    }

    template <typename T> static QByteArray raw(T v) {
        QByteArray b(sizeof(T), '\0');
        std::memcpy(b.data(), &v, sizeof(T));
        return b;
    }
    static QByteArray string(const QString& s) {
        const QByteArray u = s.toUtf8();
        return raw(uint64_t(u.size())) + u;
    }

private:
    void kv(const QString& key, uint32_t type, const QByteArray& value) {
        m_kv += string(key) + raw(type) + value;
        ++m_kvCount;
    }

    uint32_t m_version;
    uint64_t m_kvCount = 0;
    uint64_t m_tensorCount = 0;
    QByteArray m_kv;
    QByteArray m_tensors;
    QByteArray m_data;
};

} // namespace gguf_test
