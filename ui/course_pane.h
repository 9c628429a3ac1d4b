// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/course.h"
#include "ui/course_answers.h"

#include <QSet>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QTextBrowser;
class QVBoxLayout;

namespace rope::ui {

/// \brief The guided course (figures/course.h) as a side pane: the current step's title, task
/// and question; then, by kind, an answer field (number), choice buttons (choice), either of
/// them with Commit (predict: the panel then moves to the step's reveal), or a live "not yet /
/// reached" line (find, fed the panel state by setPanelState()); the verdict with the hint
/// keyed to a wrong answer; the worked solution once correct or on Show solution;
/// Previous/Next, and the progress (steps solved).
///
/// Moving to a step emits openStep(); the main window applies the step's parameters and
/// options to its panel and shows it. Answers come from a CourseAnswers cache: computed once
/// per step (and per panel state or typed value for find steps and requirements) on the compute
/// pool, never on the GUI thread; until one is ready the pane says it is computing, and a Check
/// or Show solution given meanwhile is answered when it arrives. With \p persistent, the
/// current step and the solved steps are remembered in QSettings ("course/step",
/// "course/solved").
class CoursePane : public QWidget {
    Q_OBJECT

public:
    /// \p answers is shared (e.g. with the presenter) or, when null, owned by the pane.
    CoursePane(const std::vector<figures::CourseStep>& steps, bool persistent,
               QWidget* parent = nullptr, CourseAnswers* answers = nullptr);

    /// \brief The answer cache the pane reads (never computes on the GUI thread).
    CourseAnswers& answers() const noexcept { return *m_answers; }
    /// \brief True once the current step's answer is in the cache.
    bool answerReady() const;

    int currentIndex() const noexcept { return m_index; }
    const figures::CourseStep& currentStep() const { return m_steps[std::size_t(m_index)]; }
    /// \brief Ids of the steps answered correctly.
    const QSet<QString>& solved() const noexcept { return m_solved; }
    /// \brief Shows step \p index (clamped) and emits openStep().
    void setCurrentIndex(int index);
    /// \brief Checks \p text as the answer to the current number (or typed predict) step: shows
    /// the verdict, the hint for a typical wrong answer, and the solution once correct. While
    /// the answer is still being computed the check waits for it (the pane says so).
    /// \return true if correct now.
    bool checkAnswer(const QString& text);
    /// \brief Picks choice \p id of the current choice (or predict) step and checks it, as
    /// checkAnswer(). A predict step emits revealStep() first.
    bool checkChoice(const QString& id);
    /// \brief Shows the expected answer and the worked solution (after a wrong answer).
    void revealAnswer();
    /// \brief A predict step: moves the panel to its reveal (once; the presenter's Return).
    void commitPrediction();
    /// \brief The panel's state (figures::courseState()) for a find step: checked on the compute
    /// pool, the newest state first; the line says "not yet" (with the hint) or "reached".
    void setPanelState(const QVariantMap& state);
    /// \brief The find line's text (for tests and accessibility).
    QString findStatus() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void openStep(const rope::figures::CourseStep& step);
    /// A predict step was committed: show its reveal (params and options).
    void revealStep(const rope::figures::CourseStep& step);

private:
    enum class Waiting { Nothing, Check, Choice, Reveal };
    void showStep();
    void showTexts();
    void answerArrived(const QString& stepId);
    void checkFind();
    void showSolution(double answer);
    void showVerdict(const figures::CourseVerdict& verdict, const QString& correctText,
                     const QString& wrongText, double value, double answer);
    void markSolved();
    void updateProgress();
    void save() const;

    const std::vector<figures::CourseStep>& m_steps;
    bool m_persistent;
    CourseAnswers* m_answers;
    int m_index = 0;
    Waiting m_waiting = Waiting::Nothing;
    QString m_waitingText;
    bool m_committed = false; ///< predict: the reveal was shown
    QVariantMap m_state;      ///< find: the newest panel state
    bool m_hasState = false;
    QSet<QString> m_solved;
    QLabel* m_title;
    QProgressBar* m_progress;
    QTextBrowser* m_task;
    QLabel* m_question;
    QWidget* m_answerRow;
    QLineEdit* m_answer;
    QWidget* m_choices;
    QVBoxLayout* m_choiceLayout;
    QList<QRadioButton*> m_choiceButtons;
    QPushButton* m_check;
    QLabel* m_find;
    QLabel* m_verdict;
    QLabel* m_hint;
    QTextBrowser* m_explanation;
    QPushButton* m_previous;
    QPushButton* m_next;
    QPushButton* m_reveal;
};

} // namespace rope::ui
