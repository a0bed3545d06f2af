package gcg

import (
	"errors"
	"fmt"
	"github.com/juegodepalabras/palabras/internal/cita"

	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// union es la unión de multiconjuntos: de cada letra, la cantidad mayor.
func union(a, b letra.Multiconjunto) letra.Multiconjunto { return a.Suma(b.Diferencia(a)) }

// interseccion es la intersección de multiconjuntos: de cada letra, la
// cantidad menor.
func interseccion(a, b letra.Multiconjunto) letra.Multiconjunto { return a.Diferencia(a.Diferencia(b)) }

// prepararMano le da al jugador de la línea x, con bolsa, las fichas que
// se sabe que tiene: las que juega (o de la colocación o del cambio), las
// de la mano registrada, las que ya se sabían de su mano y, si pasa o su
// colocación se retira (la mano no cambia), las que mostrará su próxima
// línea. Las demás fichas de su mano son desconocidas. Si el registro
// muestra la mano entera, la jugada debe salir de ella.
func (r *repeticion) prepararMano(x int, o ocurrencia.Ocurrencia) error {
	s := r.sucesos[x]
	p := s.jugador
	mano, _ := r.j.Fichas(p)
	var juega letra.Multiconjunto
	switch s.tipo {
	case lineaColocacion:
		juega = o.DeLaMano()
	case lineaCambio:
		if m, err := leerMano(r.alf, s.cambio); err == nil {
			juega = m
		}
	}
	req := juega
	registrada := r.manos[x]
	if registrada != nil {
		m := *registrada
		switch {
		case m.Tamano() > mano.Tamano():
			return r.falla(x, "la mano registrada tiene %d fichas y el jugador tiene %d", m.Tamano(), mano.Tamano())
		case m.Tamano() == mano.Tamano() && !m.Incluye(juega):
			return r.falla(x, "juega %s y la mano registrada, completa, es %s", cita.Texto(escribirMano(r.alf, juega.Diferencia(m))), cita.Texto(s.mano))
		}
		req = union(m, juega)
	}
	if req.Tamano() > mano.Tamano() {
		return r.falla(x, "juega %d fichas y tiene %d", req.Tamano(), mano.Tamano())
	}
	if registrada == nil || registrada.Tamano() < mano.Tamano() {
		if u := union(req, r.sabidas[p]); u.Tamano() <= mano.Tamano() {
			req = u
		} else if err := r.faltaEn(x, ReglaManoSiguiente, ErrInconsistente, "la línea muestra %s y con lo que se sabía de la mano (%s) no caben en %d fichas",
			cita.Texto(escribirMano(r.alf, req)), cita.Texto(escribirMano(r.alf, r.sabidas[p])), mano.Tamano()); err != nil {
			return err
		}
	}
	if s.tipo == lineaPase || retirada(r.sucesos, x) {
		if obs := r.proximaObservacion(p, x); obs != nil {
			if u := union(req, *obs); u.Tamano() <= mano.Tamano() {
				req = u
			} else if err := r.faltaEn(x, ReglaManoSiguiente, ErrInconsistente, "la mano no cambia y la línea siguiente del jugador muestra %s: no caben con %s en %d fichas",
				cita.Texto(escribirMano(r.alf, *obs)), cita.Texto(escribirMano(r.alf, req)), mano.Tamano()); err != nil {
				return err
			}
		}
	}
	r.robada = nil
	if err := r.asignar(p, req); err != nil {
		return r.fallaDe(x, err)
	}
	if rb := r.robada; rb != nil {
		if err := r.faltaEn(x, ReglaManoSiguiente, ErrInconsistente, "la mano tiene %s, que el registro mostraba en la mano del jugador %d",
			simboloMano(r.alf, rb.l), rb.q+1); err != nil {
			return err
		}
	}
	r.sabidas[p] = req
	// Los que ya no juegan tienen la mano que muestran las líneas finales.
	for q, final := range r.finales {
		if q == p || final == nil || r.juegaDespues(q, x) {
			continue
		}
		if m, _ := r.j.Fichas(q); m.Tamano() == final.Tamano() && m != *final && r.asignar(q, *final) == nil {
			r.sabidas[q] = *final
		}
	}
	return nil
}

// juegaDespues informa si el jugador q tiene algún turno después de la
// línea x.
func (r *repeticion) juegaDespues(q, x int) bool {
	if r.sucesos[x].jugador == q {
		return r.proximo[x] >= 0
	}
	for y := x + 1; y < len(r.sucesos); y++ { // la primera línea de q después de x
		if r.sucesos[y].jugador == q {
			return r.sucesos[y].esTurno() || r.proximo[y] >= 0
		}
	}
	return false
}

// asignar hace que la mano del jugador p incluya req. Las fichas que le
// faltan salen de la bolsa o, si no están ahí, de la parte desconocida de
// la mano de otro jugador, que recibe a cambio una ficha de la bolsa o de
// las que p deja. Devuelve un error de ErrInconsistente si una ficha no
// está en ninguno de esos lugares.
func (r *repeticion) asignar(p int, req letra.Multiconjunto) error {
	k := r.j.Jugadores()
	manos := make([]letra.Multiconjunto, k)
	for i := range k {
		manos[i], _ = r.j.Fichas(i)
	}
	mano := manos[p]
	if mano.Incluye(req) {
		return nil
	}
	faltan := req.Diferencia(mano)
	resto := mano.Diferencia(req)
	// Se quedan primero las fichas que se sabían.
	orden := append(interseccion(resto, r.sabidas[p]).Letras(), resto.Diferencia(r.sabidas[p]).Letras()...)
	nueva := req.Suma(letra.NuevoMulticonjunto(orden[:mano.Tamano()-req.Tamano()]...))
	dejadas := mano.Diferencia(nueva)
	bolsa := letra.NuevoMulticonjunto(r.j.Repositorio()...)
	deBolsa := interseccion(faltan, bolsa)
	libres := bolsa.Diferencia(deBolsa).Suma(dejadas)
	for _, l := range faltan.Diferencia(deBolsa).Letras() {
		// Primero de la parte desconocida de otra mano; si no, de la que se
		// sabía (o se dedujo) de otra: el registro se contradice, pero los
		// puntajes no dependen de eso y manda la línea en curso.
		hallada := false
		for _, respetar := range []bool{true, false} {
			for d := 1; d < k && !hallada; d++ {
				q := (p + d) % k
				libre := manos[q]
				if respetar {
					libre = libre.Diferencia(r.sabidas[q])
				}
				otra := libres.Letras()
				if !libre.Pertenece(l) || len(otra) == 0 {
					continue
				}
				manos[q].Sacar(l)
				manos[q].Agregar(otra[0])
				libres.Sacar(otra[0])
				if !respetar {
					r.sabidas[q].Sacar(l)
					r.robada = &robo{l: l, q: q}
				}
				hallada = true
			}
		}
		if !hallada {
			return r.faltaFicha(p, l, req)
		}
	}
	manos[p] = nueva
	if err := r.j.AsignarManos(manos); err != nil {
		return fmt.Errorf("%w: %w", ErrInconsistente, err)
	}
	return nil
}

// faltaFicha explica por qué no hay una ficha l para la mano req del
// jugador p: cuántas tiene la variante y cuántas hay en el tablero.
func (r *repeticion) faltaFicha(p int, l letra.Letra, req letra.Multiconjunto) error {
	total := r.j.Variante().Distribucion().Cantidad(l)
	tablero := r.j.Tablero().DeLaMano().Cantidad(l)
	return fmt.Errorf("%w: la mano tendría %d %s y no hay tantas: la variante tiene %d y hay %d en el tablero",
		ErrInconsistente, req.Cantidad(l), simboloMano(r.alf, l), total, tablero)
}

// simboloMano escribe una ficha de la mano: "?" para el comodín.
func simboloMano(alf *letra.Alfabeto, l letra.Letra) string {
	return escribirMano(alf, letra.NuevoMulticonjunto(l))
}

// proximaObservacion devuelve las próximas fichas que el registro muestra
// en la mano del jugador p después de la línea x: las de su próximo turno
// (vistas; nil si no muestra ninguna) o, si no juega más, las que muestran
// las líneas finales.
func (r *repeticion) proximaObservacion(p, x int) *letra.Multiconjunto {
	if y := r.proximo[x]; y >= 0 {
		return r.vistas[y]
	}
	return r.finales[p]
}

// proximas pone al frente de la bolsa las fichas que el jugador de la línea
// x sacará, si el registro las dice: las de su próxima mano que no están
// en lo que le queda. Devuelve las que puso (ninguna si no se sabe, o si
// no coinciden con la bolsa: la próxima mano se arreglará igual).
func (r *repeticion) proximas(x int, quedan letra.Multiconjunto, sale int) letra.Multiconjunto {
	obs := r.proximaObservacion(r.sucesos[x].jugador, x)
	if obs == nil {
		return letra.Multiconjunto{}
	}
	bolsa := letra.NuevoMulticonjunto(r.j.Repositorio()...)
	entran := interseccion(obs.Diferencia(quedan), bolsa)
	if entran.Tamano() > min(sale, bolsa.Tamano()) || r.j.ProximasFichas(entran) != nil {
		return letra.Multiconjunto{}
	}
	return entran
}

// casilla escribe la celda (fila, columna) como en todos los mensajes,
// "(7,3)", desde 0 como en la API, seguida de su nombre en la notación:
// "(7,3) 8D".
func casilla(fila, columna int) string {
	if columna < 0 || fila < 0 {
		return fmt.Sprintf("(%d,%d)", fila, columna)
	}
	return fmt.Sprintf("(%d,%d) %v", fila, columna, notacion.Coordenada{Fila: fila, Columna: columna, Horizontal: true})
}

// colocacion arma la jugada de una línea de colocación sobre el tablero t
// con la notación de las jugadas (juego/notacion), que acepta también una
// ficha que ya estaba escrita con su letra en lugar de "." (así escriben
// algunos programas las letras que la palabra atraviesa). Un texto que no
// es una jugada es [ErrFormato]; uno que no coincide con t,
// [ErrInconsistente].
func colocacion(t tablero.Tablero, s suceso) (ocurrencia.Ocurrencia, error) {
	j, err := notacion.Parsear(s.posicion+" "+s.palabra, t)
	if err != nil {
		motivo := ErrInconsistente
		if errors.Is(err, notacion.ErrNotacion) {
			motivo = ErrFormato
		}
		return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: %w", motivo, err)
	}
	if j.Tipo() != notacion.Colocacion {
		return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: %q no es una colocación", ErrFormato, cita.Texto(s.posicion))
	}
	return j.Fichas, nil
}

// fichasVistas devuelve, por línea de turno, las fichas que el registro
// muestra en la mano del jugador: la mano registrada y las que juega (las
// de la colocación, que se sacan de un tablero donde se ponen las
// colocaciones anteriores, o las del cambio) y, si pasa (la mano no
// cambia), las que muestra después; nil si no muestra ninguna. Las líneas
// que no coinciden con el tablero se saltean: la repetición dirá qué
// falla.
func (r *repeticion) fichasVistas(v *variante.Variante) []*letra.Multiconjunto {
	sucesos, manos := r.sucesos, r.manos
	res := make([]*letra.Multiconjunto, len(sucesos))
	t, err := tablero.Nuevo(v.TamanoTablero(), v.Alfabeto())
	if err != nil {
		return res
	}
	for x, s := range sucesos {
		if !s.esTurno() {
			continue
		}
		var m letra.Multiconjunto
		if manos[x] != nil {
			m = *manos[x]
		}
		switch s.tipo {
		case lineaColocacion:
			if o, err := colocacion(t, s); err == nil {
				m = union(m, o.DeLaMano())
				if !retirada(sucesos, x) {
					if nuevo, err := t.Poner(o.Slice()...); err == nil {
						t = nuevo
					}
				}
			}
		case lineaCambio:
			if c, err := leerMano(v.Alfabeto(), s.cambio); err == nil {
				m = union(m, c)
			}
		}
		switch {
		case m.Vacio():
		case manos[x] != nil && m == *manos[x]:
			res[x] = manos[x] // sin copiarla: un pase que muestra la mano, por ejemplo
		default:
			res[x] = nuevoMulticonjunto(m)
		}
	}
	// Un pase muestra también lo que se ve después, hasta que la mano
	// cambie: se recorre desde el final.
	for x := len(sucesos) - 1; x >= 0; x-- {
		if s := sucesos[x]; s.tipo != lineaPase && !retirada(sucesos, x) {
			continue
		}
		despues := r.finales[sucesos[x].jugador]
		if y := r.proximo[x]; y >= 0 {
			despues = res[y]
		}
		if despues != nil {
			var m letra.Multiconjunto
			if res[x] != nil {
				m = *res[x]
			}
			switch m = union(m, *despues); {
			case res[x] != nil && m == *res[x]:
			case m == *despues:
				res[x] = despues
			default:
				res[x] = nuevoMulticonjunto(m)
			}
		}
	}
	return res
}

// nuevoMulticonjunto devuelve una copia de m en el montón: solo se reserva
// cuando hace falta (un letra.Multiconjunto ocupa 272 bytes).
func nuevoMulticonjunto(m letra.Multiconjunto) *letra.Multiconjunto { return &m }
