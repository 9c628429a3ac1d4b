// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/course_answers.h"

#include "ui/job_runner.h"

#include <QJsonDocument>
#include <QJsonObject>

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

std::optional<CourseValue> CourseAnswers::cached(const figures::CourseStep& step) const {
    if (const auto it = m_done.constFind(key(step)); it != m_done.constEnd()) {
        return *it;
    }
    return std::nullopt;
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
    // One runner per answer: answers are not superseded by each other, each is wanted. The task
    // owns copies of the step and the function: it may outlive this object (the pool finishes
    // it at exit), and its result is then dropped with the runner, this object's child.
    auto* runner = new JobRunner(this);
    runner->start([compute = m_compute, step, k, this](const RunControl&) -> std::function<void()> {
        CourseValue result;
        try {
            result.value = compute(step);
        } catch (const std::exception& e) {
            result.error = QString::fromUtf8(e.what());
        }
        return [this, result, k, id = step.id] {
            m_done.insert(k, result);
            m_running.remove(k);
            emit ready(id, k);
        };
    });
    connect(runner, &JobRunner::finished, runner, &QObject::deleteLater);
    // compute() reports a std::exception as the answer's error; anything else thrown arrives here
    // and is kept the same way, so the step shows why instead of waiting for ever.
    connect(runner, &JobRunner::failed, this, [this, runner, k, id = step.id](const QString& why) {
        m_done.insert(k, CourseValue{.value = 0, .error = why});
        m_running.remove(k);
        runner->deleteLater();
        emit ready(id, k);
    });
    return std::nullopt;
}

} // namespace rope::ui
