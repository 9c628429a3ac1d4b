// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/course_answers.h"

#include "ui/compute_pool.h"

#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtConcurrent/QtConcurrentRun>

namespace rope::ui {

CourseAnswers::CourseAnswers(QObject* parent) : CourseAnswers(&figures::courseAnswer, parent) {}

CourseAnswers::CourseAnswers(Compute compute, QObject* parent)
    : QObject(parent), m_compute(std::move(compute)) {}

QString CourseAnswers::key(const figures::CourseStep& step) {
    // QJsonObject keeps its keys sorted, so equal arguments give equal keys.
    const QByteArray args =
        QJsonDocument(QJsonObject::fromVariantMap(step.answerArgs)).toJson(QJsonDocument::Compact);
    return step.id + QLatin1Char('\n') + step.answerFunction + QLatin1Char('\n') +
           QString::fromUtf8(args);
}

std::optional<CourseValue> CourseAnswers::value(const figures::CourseStep& step) {
    const QString k = key(step);
    if (const auto it = m_done.constFind(k); it != m_done.constEnd()) {
        return *it;
    }
    if (m_running.contains(k)) {
        return std::nullopt;
    }
    m_running.insert(k);
    // The job owns copies of the step and the function: it may outlive this object (the pool
    // finishes it at exit), and its result is then simply dropped with the watcher.
    auto* watcher = new QFutureWatcher<CourseValue>(this);
    connect(watcher, &QFutureWatcher<CourseValue>::finished, this,
            [this, watcher, k, id = step.id] {
                m_done.insert(k, watcher->result());
                m_running.remove(k);
                watcher->deleteLater();
                emit ready(id, k);
            });
    watcher->setFuture(QtConcurrent::run(&computePool(), [compute = m_compute, step] {
        CourseValue result;
        try {
            result.value = compute(step);
        } catch (const std::exception& e) {
            result.error = QString::fromUtf8(e.what());
        }
        return result;
    }));
    return std::nullopt;
}

} // namespace rope::ui
