package final

import (
	"context"
	"slices"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// armarLinea arma la línea del resultado it desde la posición de j, que
// el trabajador tiene cargada: si el valor está probado, bajando desde la
// raíz por una jugada que da el valor de cada posición (que la tabla ya
// sabe casi siempre); si no, siguiendo las mejores jugadas de la tabla.
// Se repite sobre una copia de j para escribir cada jugada.
//
// La búsqueda que para al probarse el valor deja c.parar en true: se
// vuelve a false, salvo que ctx ya haya terminado (el vigía de resolver lo
// pone en true si termina después). Con ctx terminado la línea sigue la
// tabla, sin buscar, y si termina a mitad de una búsqueda, se corta ahí.
func (w *trabajador) armarLinea(ctx context.Context, j *juego.Juego, it iteracion) []Paso {
	w.c.parar.Store(false)
	if ctx.Err() != nil {
		w.c.parar.Store(true)
	}
	w.parar = false
	seguir := !w.c.vencido()
	primera := it.jugadas[0]
	linea := [][]generador.Puesta{primera.fs}
	puntos := []int{int(primera.m.puntos)}
	objetivo := primera.valor
	hechas := 0
	fin := func(fs []generador.Puesta, pts int) bool {
		i := w.turno
		return len(fs) > 0 && len(fs) == w.fichas[i] || pts == 0 && w.sinPuntos+1 >= w.c.limite
	}
	m := primera.m
	fs := primera.fs
	for k := 0; k < maxPlies && !fin(fs, int(m.puntos)); k++ {
		objetivo = int(m.puntos) - objetivo // el del rival, en la posición siguiente
		w.hacer(&w.niveles[k], m, fs)
		hechas++
		var ok bool
		if it.completo && seguir && !w.parar {
			m, fs, ok = w.jugadaConValor(k+1, objetivo)
		} else {
			m, fs, ok = w.jugadaDeTabla(k + 1)
		}
		if !ok || !it.completo && k+1 >= it.prof {
			break
		}
		linea = append(linea, fs)
		puntos = append(puntos, int(m.puntos))
	}
	for k := hechas - 1; k >= 0; k-- {
		w.deshacer(&w.niveles[k], linea[k])
	}
	return w.escribirLinea(j, linea, puntos)
}

// jugadaConValor busca, en el nivel k, una jugada del jugador en turno que
// valga exactamente objetivo, el valor probado de la posición: ninguna vale
// más, así que basta una búsqueda completa con la ventana nula
// (objetivo−1, objetivo) de cada candidata, la de la tabla primero y
// después en el orden de la búsqueda. Las fichas quedan en la memoria del
// nivel.
func (w *trabajador) jugadaConValor(k, objetivo int) (jugada, []generador.Puesta, bool) {
	nv := &w.niveles[k]
	if d, datos, ok := w.tablaLeer(); ok {
		if fs, ok := w.decodificar(d, nv.tt[:0]); ok {
			nv.tt = fs
			_, _, _, pts := desempacar(datos)
			m := jugada{n: int16(len(fs)), puntos: int16(pts)}
			if v, _ := w.hijo(k, maxPlies, objetivo-1, objetivo, m, fs); v >= objetivo && !w.parar {
				return m, slices.Clone(fs), true
			}
		}
	}
	if w.parar {
		return jugada{}, nil, false
	}
	w.generar(k, true, inf)
	nv.jugadas = append(nv.jugadas, jugada{})
	w.ordenar(nv)
	lista := append([]jugada(nil), nv.jugadas...)
	slices.SortStableFunc(lista, func(a, b jugada) int { return int(b.orden - a.orden) })
	pool := append([]generador.Puesta(nil), nv.pool...)
	for _, m := range lista {
		fs := pool[m.ini : m.ini+int32(m.n)]
		v, _ := w.hijo(k, maxPlies, objetivo-1, objetivo, m, fs)
		if w.parar {
			return jugada{}, nil, false
		}
		if v >= objetivo {
			return m, slices.Clone(fs), true
		}
	}
	// No debería pasar (el valor está probado): la de más valor.
	mejor, mejorV := -1, -inf
	for i, m := range lista {
		fs := pool[m.ini : m.ini+int32(m.n)]
		v, _ := w.hijo(k, maxPlies, -inf, inf, m, fs)
		if w.parar {
			return jugada{}, nil, false
		}
		if v > mejorV {
			mejor, mejorV = i, v
		}
	}
	if mejor < 0 {
		return jugada{}, nil, false
	}
	m := lista[mejor]
	return m, slices.Clone(pool[m.ini : m.ini+int32(m.n)]), true
}

// jugadaDeTabla devuelve la mejor jugada que la tabla conoce de la
// posición del nivel k, si la hay.
func (w *trabajador) jugadaDeTabla(k int) (jugada, []generador.Puesta, bool) {
	nv := &w.niveles[k]
	d, datos, ok := w.tablaLeer()
	if !ok {
		return jugada{}, nil, false
	}
	fs, ok := w.decodificar(d, nv.tt[:0])
	if !ok {
		return jugada{}, nil, false
	}
	nv.tt = fs
	_, _, _, pts := desempacar(datos)
	return jugada{n: int16(len(fs)), puntos: int16(pts)}, slices.Clone(fs), true
}

func (w *trabajador) tablaLeer() (uint64, uint64, bool) {
	t := w.c.tabla.Load()
	if t == nil {
		return 0, 0, false
	}
	return t.leer(w.clave)
}

// escribirLinea repite la línea sobre una copia de j y la escribe.
func (w *trabajador) escribirLinea(j *juego.Juego, linea [][]generador.Puesta, puntos []int) []Paso {
	copia := j.Clonar()
	var res []Paso
	for x, fs := range linea {
		t := copia.Tablero()
		p := paso(copia.Turno(), fs, puntos[x], t, w.c.v)
		if _, err := copia.Ubicar(p.Jugada); err != nil {
			break
		}
		res = append(res, p)
		if _, fin := copia.Terminada(); fin {
			break
		}
	}
	return res
}

// paso arma el paso del jugador i que pone las fichas fs, sobre el
// tablero t de antes de la jugada.
func paso(i int, fs []generador.Puesta, puntos int, t tablero.Tablero, v *variante.Variante) Paso {
	n := v.TamanoTablero()
	fichas := make([]ocurrencia.Ficha, len(fs))
	for x, f := range fs {
		fichas[x] = ocurrencia.Ficha{Fila: int(f.Pos) / n, Columna: int(f.Pos) % n, Letra: f.Letra, Comodin: f.Comodin}
	}
	o := ocurrencia.Nueva(fichas...).ConAlfabeto(v.Alfabeto())
	texto, err := notacion.Formatear(notacion.Jugada{Fichas: o}, t)
	if err != nil {
		texto = o.String()
	}
	return Paso{Jugador: i, Jugada: o, Puntos: puntos, Texto: texto}
}
