package juego

import (
	"fmt"

	"github.com/juegodepalabras/palabras/letra"
)

// Verificar comprueba el invariante de representación del diseño
// y devuelve la primera condición que no se cumple, o nil. Un juego usado
// solo a través de este paquete lo cumple siempre: las pruebas lo llaman
// después de cada operación, y sirve para depurar. No cambia el juego salvo
// para sumar los puntajes pendientes. Cuesta O(N² + tamaño de los
// historiales·Lmax).
//
// Condiciones, en el orden del diseño (con las erratas corregidas):
//  1. el tablero tiene N×N celdas y cada ficha tiene un tiempo anterior al
//     actual (−1 las de la posición inicial);
//  2. cada jugador tiene F fichas, todas del alfabeto, y uno de cada K
//     momentos en su historial: la jugada h-ésima del jugador i ocurrió en
//     el momento h·K + (i − primero) mód K, y ninguna tiene fichas
//     superpuestas;
//  3. el historial sin vacías es el historial sin las jugadas vacías, y las
//     jugadas sin sumar no son más que las de ese historial;
//  4. las jugadas de todos los historiales, repuestas en orden sobre el
//     tablero inicial (vacío o el de la posición), van siempre a celdas
//     libres y dan exactamente el tablero, con el tiempo de cada ficha igual
//     al de su jugada;
//  5. el puntaje de cada jugador es la suma de lo que obtuvo con cada jugada
//     ya sumada (el diseño indexa mal: cuenta las jugadas sin sumar del
//     historial sin vacías pero las descuenta del historial con vacías), y
//     su puntaje con todas sus jugadas, los ajustes y el de la posición
//     inicial no pasa de ±MaxPuntaje;
//  6. además, que no se pierden letras: las del repositorio restante, las
//     de las manos y las del tablero (los comodines como comodines) son las
//     del repositorio inicial;
//  7. y, para las reglas clásicas, que el registro de sucesos tiene un turno
//     por unidad de tiempo con los puntos de cada colocación, que los ajustes
//     de cada jugador son la suma de sus sucesos de ajuste y de fin, y que
//     la partida terminada tiene un fin por jugador al final del registro
//     (seguidos, si acaso, de ajustes hechos después del fin).
func (j *Juego) Verificar() error {
	n, k, f := j.variante.TamanoTablero(), len(j.jugadores), j.variante.Fichas()
	// 1.
	if j.n != n || len(j.tablero) != n*n {
		return fmt.Errorf("el tablero tiene %d celdas y N = %d", len(j.tablero), n)
	}
	for i, c := range j.tablero {
		if c != nil && (c.tiempo < -1 || c.tiempo >= j.tiempo) {
			return fmt.Errorf("la ficha de (%d,%d) tiene tiempo %d y el juego %d", i/n, i%n, c.tiempo, j.tiempo)
		}
	}
	// 2. y 3.
	alf := j.variante.Alfabeto()
	reconstruido := make([]*celda, n*n)
	for x := range j.desde.Fichas() {
		reconstruido[x.Fila*n+x.Columna] = &celda{letra: x.Letra, tiempo: -1, comodin: x.Comodin}
	}
	ubicadas := 0 // desde el comienzo
	for i := range j.jugadores {
		p := &j.jugadores[i]
		corta := j.variante.Bolsa() && j.LetrasEnRepositorio() == 0 && p.fichas.Tamano() < f
		if p.fichas.Tamano() != f && !corta {
			return fmt.Errorf("el jugador %d tiene %d fichas y F = %d", i, p.fichas.Tamano(), f)
		}
		for l := range p.fichas.Todas() {
			if !alf.Contiene(l) && !(l == letra.Comodin && j.variante.Comodines() > 0) {
				return fmt.Errorf("el jugador %d tiene la letra %d, fuera del alfabeto", i, l)
			}
		}
		primera := (i - j.primero + k) % k // el momento de su primer turno
		turnos := 0
		if j.tiempo > primera {
			turnos = (j.tiempo - primera + k - 1) / k
		}
		if len(p.historial) != turnos {
			return fmt.Errorf("el jugador %d tiene %d jugadas en su historial y le tocaron %d turnos", i, len(p.historial), turnos)
		}
		var sinVacias []jugada
		for h, jug := range p.historial {
			if jug.tiempo != h*k+primera {
				return fmt.Errorf("la jugada %d del jugador %d tiene tiempo %d y debería ser %d", h, i, jug.tiempo, h*k+primera)
			}
			if jug.o.HaySuperpuestas() {
				return fmt.Errorf("la jugada %d del jugador %d tiene fichas superpuestas", h, i)
			}
			if !jug.o.Vacia() {
				sinVacias = append(sinVacias, jug)
			}
			// 4.
			for x := range jug.o.Fichas() {
				if !j.EnTablero(x.Fila, x.Columna) {
					return fmt.Errorf("la jugada del momento %d pone una ficha fuera del tablero", jug.tiempo)
				}
				if reconstruido[x.Fila*n+x.Columna] != nil {
					return fmt.Errorf("dos jugadas ponen fichas en (%d,%d)", x.Fila, x.Columna)
				}
				reconstruido[x.Fila*n+x.Columna] = &celda{letra: x.Letra, tiempo: jug.tiempo, comodin: x.Comodin}
				ubicadas++
			}
		}
		if len(sinVacias) != len(p.historialSinVacias) {
			return fmt.Errorf("el jugador %d tiene %d jugadas no vacías y %d en historialSinVacias", i, len(sinVacias), len(p.historialSinVacias))
		}
		for h := range sinVacias {
			if sinVacias[h].tiempo != p.historialSinVacias[h].tiempo || !sinVacias[h].o.Igual(p.historialSinVacias[h].o) {
				return fmt.Errorf("historialSinVacias del jugador %d difiere en la jugada %d", i, h)
			}
		}
		if p.sinCalcular < 0 || p.sinCalcular > len(p.historialSinVacias) {
			return fmt.Errorf("el jugador %d tiene %d jugadas sin sumar de %d", i, p.sinCalcular, len(p.historialSinVacias))
		}
	}
	for i := range j.tablero {
		a, b := j.tablero[i], reconstruido[i]
		if (a == nil) != (b == nil) || (a != nil && *a != *b) {
			return fmt.Errorf("la celda (%d,%d) no coincide con los historiales", i/n, i%n)
		}
	}
	// 5.
	for i := range j.jugadores {
		p := &j.jugadores[i]
		suma := 0
		for _, jug := range p.historialSinVacias[:len(p.historialSinVacias)-p.sinCalcular] {
			puntos, _ := j.evaluar(jug.o, jug.tiempo, false, false)
			suma += puntos
		}
		if suma != p.puntaje {
			return fmt.Errorf("el jugador %d tiene %d puntos y sus jugadas sumadas valen %d", i, p.puntaje, suma)
		}
		for _, jug := range p.historialSinVacias[len(p.historialSinVacias)-p.sinCalcular:] {
			puntos, _ := j.evaluar(jug.o, jug.tiempo, false, false)
			suma += puntos
		}
		if total := int64(p.base) + int64(suma) + int64(p.extra); total != int64(p.total) || !enRango(total) {
			return fmt.Errorf("el jugador %d tiene %d puntos en total, con las jugadas sin sumar (el máximo es ±%d), y se anotaron %d", i, total, MaxPuntaje, p.total)
		}
	}
	// 6.
	if ubicadas+j.desde.Ocupadas() != j.ocupadas {
		return fmt.Errorf("hay %d fichas en el tablero y se cuentan %d", ubicadas, j.ocupadas)
	}
	if !j.variante.Bolsa() && j.frente != j.repartidas+ubicadas || j.frente > len(j.repo) {
		return fmt.Errorf("salieron %d letras del repositorio y hay %d en las manos iniciales más %d ubicadas", j.frente, j.repartidas, ubicadas)
	}
	enJuego := letra.NuevoMulticonjunto(j.repo[j.frente:]...)
	for i := range j.jugadores {
		enJuego = enJuego.Suma(j.jugadores[i].fichas)
	}
	for _, c := range j.tablero {
		if c != nil {
			enJuego.Agregar(c.deLaMano())
		}
	}
	if j.inicial != enJuego {
		return fmt.Errorf("las fichas del repositorio inicial %v no son las de la bolsa, las manos y el tablero %v", j.inicial, enJuego)
	}
	// 7.
	turnos, extra := 0, make([]int, k)
	for h, s := range j.sucesos {
		switch s.Tipo {
		case SucesoColocacion, SucesoPase, SucesoCambio:
			if s.Tiempo != turnos || s.Jugador != (j.primero+turnos)%k {
				return fmt.Errorf("el suceso %d es el turno %d del jugador %d y debería ser el %d del %d", h, s.Tiempo, s.Jugador, turnos, (j.primero+turnos)%k)
			}
			turnos++
			if s.Tipo == SucesoColocacion {
				if puntos, _ := j.evaluar(s.Jugada, s.Tiempo, false, false); puntos != s.Puntos {
					return fmt.Errorf("el suceso %d registra %d puntos y la jugada vale %d", h, s.Puntos, puntos)
				}
			}
		case SucesoAjuste, SucesoFin:
			extra[s.Jugador] += s.Puntos
		}
	}
	if turnos != j.tiempo {
		return fmt.Errorf("el registro tiene %d turnos y el tiempo es %d", turnos, j.tiempo)
	}
	for i := range j.jugadores {
		if extra[i] != j.jugadores[i].extra {
			return fmt.Errorf("el jugador %d tiene %d puntos de ajustes y el registro suma %d", i, j.jugadores[i].extra, extra[i])
		}
	}
	if j.fin != nil {
		// Los k sucesos de fin van juntos, después de todos los turnos;
		// después solo puede haber ajustes.
		ultimo := len(j.sucesos)
		for ultimo > 0 && j.sucesos[ultimo-1].Tipo == SucesoAjuste {
			ultimo--
		}
		if ultimo < k {
			return fmt.Errorf("la partida terminó y el registro tiene %d sucesos antes de los ajustes finales", ultimo)
		}
		for i, s := range j.sucesos[ultimo-k : ultimo] {
			if s.Tipo != SucesoFin || s.Jugador != i || s.Puntos != j.fin.Ajustes[i] {
				return fmt.Errorf("el registro no termina con el ajuste final del jugador %d", i)
			}
		}
	}
	return nil
}

// deLaMano devuelve la ficha de la mano que ocupa la celda: su letra, o
// letra.Comodin si es un comodín.
func (c *celda) deLaMano() letra.Letra {
	if c.comodin {
		return letra.Comodin
	}
	return c.letra
}
