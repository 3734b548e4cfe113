// Package suites builds benchmark questions. Each suite has one builder; a
// builder draws a form, a start state, a task and plans, asks statesim for
// every label, and returns a Question. A question is a pure function of
// (seed, suite, index): see Source. So is the sequence of questions an
// index can be (Suite.Draws), from which package pipeline takes a later
// one for a row that would ask what a row before it asks.
//
// Each suite also registers the checks of its rows (Suite.Check, in
// <suite>_check.go, built on package rowcheck), which package verify
// runs after the checks every suite shares.
package suites
