// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A safetensors writer for the tests, written from the format's description (8-byte
// little-endian header length, JSON header, raw little-endian data) and independent of the
// reader under test: tensors are appended in order, each one's bytes given by the test.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cstring>
#include <vector>

namespace safetensors_test {

class Writer {
public:
    /// Appends a tensor with raw little-endian \p data.
    void raw(const QString& name, const QString& dtype, const std::vector<qint64>& shape,
             const QByteArray& data) {
        QJsonArray dims;
        for (const qint64 d : shape) {
            dims.append(d);
        }
        m_header[name] = QJsonObject{
            {QStringLiteral("dtype"), dtype},
            {QStringLiteral("shape"), dims},
            {QStringLiteral("data_offsets"),
             QJsonArray{m_data.size(), m_data.size() + data.size()}},
        };
        m_data += data;
    }
    /// A row-major F32 tensor.
    void f32(const QString& name, const std::vector<qint64>& shape, const std::vector<float>& v) {
        QByteArray b(static_cast<qsizetype>(v.size() * 4), '\0');
        std::memcpy(b.data(), v.data(), b.size());
        raw(name, QStringLiteral("F32"), shape, b);
    }
    /// A row-major 16-bit tensor from its bit patterns (F16 or BF16).
    void bits16(const QString& name, const QString& dtype, const std::vector<qint64>& shape,
                const std::vector<quint16>& v) {
        QByteArray b(static_cast<qsizetype>(v.size() * 2), '\0');
        std::memcpy(b.data(), v.data(), b.size());
        raw(name, dtype, shape, b);
    }
    void metadata(const QString& key, const QString& value) {
        QJsonObject m = m_header.value(QStringLiteral("__metadata__")).toObject();
        m[key] = value;
        m_header[QStringLiteral("__metadata__")] = m;
    }
    /// The file: length, header (padded with spaces to a multiple of 8), data.
    QByteArray bytes() const {
        QByteArray json = QJsonDocument(m_header).toJson(QJsonDocument::Compact);
        while (json.size() % 8 != 0) {
            json += ' ';
        }
        return lengthPrefix(static_cast<quint64>(json.size())) + json + m_data;
    }
    static QByteArray lengthPrefix(quint64 n) {
        QByteArray b(8, '\0');
        for (int i = 0; i < 8; ++i) {
            b[i] = static_cast<char>((n >> (8 * i)) & 0xff);
        }
        return b;
    }
    /// A file with \p json as its header and \p data after it (hostile headers).
    static QByteArray withHeader(const QByteArray& json, const QByteArray& data = {}) {
        return lengthPrefix(static_cast<quint64>(json.size())) + json + data;
    }

private:
    QJsonObject m_header;
    QByteArray m_data;
};

} // namespace safetensors_test
