package main

import (
	"bufio"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// tecla es lo que pide una tecla: moverse en una dirección, salir, o nada
// (Enter, espacios y teclas que el juego no usa).
type tecla struct {
	dir   pacalgo.Direccion
	salir bool
}

// leerTecla lee una tecla de r: w a s d (o en mayúsculas), las flechas
// (ESC [ A … D y ESC O A … D, con o sin modificadores), q, Ctrl-C o
// Ctrl-D para salir. Devuelve el error de r, io.EOF al terminar.
func leerTecla(r *bufio.Reader) (tecla, error) {
	b, err := r.ReadByte()
	if err != nil {
		return tecla{}, err
	}
	switch b {
	case 'w', 'W':
		return tecla{dir: pacalgo.Arriba}, nil
	case 's', 'S':
		return tecla{dir: pacalgo.Abajo}, nil
	case 'a', 'A':
		return tecla{dir: pacalgo.Izquierda}, nil
	case 'd', 'D':
		return tecla{dir: pacalgo.Derecha}, nil
	case 'q', 'Q', 3, 4: // Ctrl-C y Ctrl-D llegan como bytes en modo crudo
		return tecla{salir: true}, nil
	case 0x1b:
		return leerEscape(r)
	}
	return tecla{}, nil
}

// leerEscape lee lo que sigue a un ESC. Las flechas son ESC [ A … D (ESC O
// A … D en el modo de aplicación de la terminal); con modificadores, como
// Ctrl, llevan parámetros: ESC [ 1 ; 5 C. Cualquier otra secuencia se lee
// entera y se ignora.
func leerEscape(r *bufio.Reader) (tecla, error) {
	b, err := r.ReadByte()
	if err != nil {
		return tecla{}, err
	}
	if b != '[' && b != 'O' {
		return tecla{}, r.UnreadByte() // un ESC solo: lo que sigue es otra tecla
	}
	for {
		b, err = r.ReadByte()
		if err != nil {
			return tecla{}, err
		}
		if b >= 0x40 && b <= 0x7e { // el byte final de la secuencia
			break
		}
	}
	switch b {
	case 'A':
		return tecla{dir: pacalgo.Arriba}, nil
	case 'B':
		return tecla{dir: pacalgo.Abajo}, nil
	case 'C':
		return tecla{dir: pacalgo.Derecha}, nil
	case 'D':
		return tecla{dir: pacalgo.Izquierda}, nil
	}
	return tecla{}, nil
}
