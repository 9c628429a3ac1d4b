// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/course.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>
#include <optional>

namespace rope::ui {

/// \brief A course step's computed answer, or why it could not be computed.
struct CourseValue {
    double value = 0;
    QString error; ///< empty when value holds the answer
};

/// \brief Course answers computed once each, on the panels' compute pool (ui/compute_pool.h),
/// and cached for the life of the object.
///
/// Some answers take a while (`minimal-base` scans every distance below the context for a
/// bracket of bases: about a third of a second), and a step's answer is wanted on every Next,
/// Previous, Check and Show answer and by the presenter. value() never computes on the calling
/// thread: it returns the cached answer or, the first time, starts the computation and returns
/// nothing; ready() follows once it is in the cache. The key is the step id with the answer
/// function and its arguments, which hold every input of the answer (no text, no language).
class CourseAnswers : public QObject {
    Q_OBJECT

public:
    /// How an answer is computed; figures::courseAnswer unless a test counts the calls.
    using Compute = std::function<double(const figures::CourseStep&)>;

    explicit CourseAnswers(QObject* parent = nullptr);
    CourseAnswers(Compute compute, QObject* parent);

    /// \brief The cached answer of \p step, or std::nullopt while it is being computed (the
    /// first call starts it; ready() is emitted when it is in the cache).
    std::optional<CourseValue> value(const figures::CourseStep& step);
    /// \brief True while a computation started by value() has not finished.
    bool computing() const noexcept { return !m_running.isEmpty(); }

    /// \brief The cache key: step id, answer function and its arguments (compact JSON with
    /// sorted keys).
    static QString key(const figures::CourseStep& step);

signals:
    /// The answer of step \p stepId (cache key \p key) is now in the cache.
    void ready(const QString& stepId, const QString& key);

private:
    Compute m_compute;
    QHash<QString, CourseValue> m_done;
    QSet<QString> m_running;
};

} // namespace rope::ui
