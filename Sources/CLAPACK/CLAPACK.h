// Declarations of the Fortran LAPACK routines CurveKit calls, and nothing else.
//
// Fortran passes every argument by reference; INTEGER is 32-bit in the reference LAPACK
// and OpenBLAS builds Debian ships (LP64). Character arguments carry a hidden trailing
// length argument (size_t with gfortran >= 8), declared explicitly where a routine has one.
// Only Sources/CurveFitting/LAPACK.swift may call these.
#ifndef CURVEKIT_CLAPACK_H
#define CURVEKIT_CLAPACK_H

#include <stddef.h>

/// Linear equality-constrained least squares: minimize ||c - A x|| subject to B x = d.
void dgglse_(const int *m, const int *n, const int *p, double *a, const int *lda,
             double *b, const int *ldb, double *c, double *d, double *x,
             double *work, const int *lwork, int *info);

/// Minimum-norm least squares by complete orthogonal factorization with column pivoting.
void dgelsy_(const int *m, const int *n, const int *nrhs, double *a, const int *lda,
             double *b, const int *ldb, int *jpvt, const double *rcond, int *rank,
             double *work, const int *lwork, int *info);

/// QR factorization A = Q R (Householder, blocked); R overwrites the upper triangle.
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau,
             double *work, const int *lwork, int *info);

/// QR factorization with column pivoting A P = Q R (the first step of dgelsy).
void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt, double *tau,
             double *work, const int *lwork, int *info);

#endif
